// What a resource declares beyond its fields: scope, parent, filters, order, paging, permissions
// and the rules that need other rows. The server engine, OpenAPI and the Dexie schema read these.
import type { z } from 'zod';
import type { FieldMap } from './model';

type ResourceKind = 'entity' | 'lookup';
type Scope = 'global' | 'project';
export type Role = 'admin' | 'staff';

/**
 * List filters, by query parameter name. Repeated keys (arrays) mean "any of" for exact, ref and
 * contains. A range filter named `x` is read from `x_after` and `x_before` (both inclusive; on a
 * date-time column a bare date covers the whole day, UTC).
 */
export type FilterDef =
  | { readonly name: string; readonly kind: 'exact'; readonly field: string }
  | { readonly name: string; readonly kind: 'ref'; readonly field: string }
  | { readonly name: string; readonly kind: 'boolean'; readonly field: string }
  | { readonly name: string; readonly kind: 'icontains'; readonly fields: readonly string[] }
  | { readonly name: string; readonly kind: 'range'; readonly field: string }
  | { readonly name: string; readonly kind: 'contains'; readonly field: string };

/**
 * A rule that needs other rows, enforced by the server engine (the tablet may check it locally).
 * - refAttribute: follow `field` (a ref) and then `path` (each step but the last a ref of the row
 *   reached); the final value must be one of `oneOf`. With `when`, the rule applies only when that
 *   field holds something (not null, not '', not false, not an empty list); the error is reported
 *   on `when` if given, else on `field`.
 * - sameProject: each ref in `fields` must point to a row of the same project as this row.
 */
type CrossRule =
  | {
      readonly kind: 'refAttribute';
      readonly field: string;
      readonly path: readonly string[];
      readonly oneOf: readonly string[];
      readonly when?: string;
      readonly message: string;
    }
  | { readonly kind: 'sameProject'; readonly fields: readonly string[]; readonly message: string };

/** A server-set field copied from a referenced row: this.field = row(this.from).path... */
interface Derivation {
  readonly from: string;
  readonly path: readonly string[];
}

export interface ResourceConfig<F extends FieldMap, R extends FieldMap, S extends z.ZodType> {
  /** REST path segment and sync resource name. */
  readonly name: string;
  readonly kind: ResourceKind;
  /** Sync scope: 'global' rows go to every device; 'project' rows with their project. */
  readonly scope: Scope;
  /** The field naming the project of a project-scoped row. */
  readonly projectField?: string;
  /** The field naming the parent a list is filtered by (hand -> event). */
  readonly parent?: string;
  /** Writable fields. */
  readonly fields: F;
  /** Fields only the server sets (derived refs, computed summaries). */
  readonly readOnlyFields?: R;
  /** Validates a whole record of writable fields (create, and update merged over the stored row). */
  readonly schema: S;
  /** Fields shown where another record refers to this one. */
  readonly display: readonly string[];
  /**
   * A reference list named in two languages: its English field (the spec's `name` or `description`)
   * and the field holding the Spanish name. Screens and reports name an entry in their language
   * through lookupLabel (./reference/label.ts); an entry without a Spanish name shows its English one.
   */
  readonly translated?: { readonly en: string; readonly es: string };
  readonly filters: readonly FilterDef[];
  /** Default order, DRF style ('-init_date'); always ends with id, so pages are stable. */
  readonly ordering: readonly string[];
  readonly pageSize?: { readonly default: number; readonly max: number };
  /** Who may create and update; null: nobody through the generic engine. */
  readonly writableBy: Role | null;
  /**
   * Who may create, when more people may add than edit (staff add a vessel from the project form;
   * admins edit, merge and retire it). The one who added an entry may still correct it.
   */
  readonly creatableBy?: Role | null;
  readonly deletableBy?: Role | null;
  /**
   * A reference list an admin may merge (two entries for one thing) and retire (its `retired` field):
   * the fields two entries must share to be merged (a commodity's code, an event type's kind), since
   * the rules read them.
   */
  readonly merge?: { readonly sameFields: readonly string[] };
  /** Sets of fields unique among live (not deleted) rows; null values do not collide. */
  readonly unique?: readonly (readonly string[])[];
  readonly rules?: readonly CrossRule[];
  readonly derived?: Readonly<Record<string, Derivation>>;
  /** Dexie index declarations for the local table ('[project+commodity+location]' style). */
  readonly dexieIndexes: readonly string[];
  /** The table is created by another migration (users: 0001_foundation). */
  readonly externalTable?: boolean;
  /** Never changed once made (a signature): updates that change a field are refused. */
  readonly immutable?: boolean;
}

export interface Resource<
  F extends FieldMap = FieldMap,
  R extends FieldMap = FieldMap,
  S extends z.ZodType = z.ZodType,
> extends ResourceConfig<F, R, S> {
  readonly table: string;
  readonly readOnlyFields: R;
  readonly pageSize: { readonly default: number; readonly max: number };
  readonly deletableBy: Role | null;
  readonly creatableBy: Role | null;
  readonly unique: readonly (readonly string[])[];
  readonly rules: readonly CrossRule[];
  readonly derived: Readonly<Record<string, Derivation>>;
}

const ENTITY_PAGE = { default: 10, max: 1000 } as const;
const LOOKUP_PAGE = { default: 999, max: 999 } as const;

/** Fills the defaults: table from name, paging by kind, delete like write. */
export function defineResource<
  F extends FieldMap,
  S extends z.ZodType,
  R extends FieldMap = Record<never, never>,
>(config: ResourceConfig<F, R, S>): Resource<F, R, S> {
  return {
    ...config,
    table: config.name.replaceAll('-', '_'),
    readOnlyFields: config.readOnlyFields ?? ({} as R),
    pageSize: config.pageSize ?? (config.kind === 'lookup' ? LOOKUP_PAGE : ENTITY_PAGE),
    deletableBy: config.deletableBy === undefined ? config.writableBy : config.deletableBy,
    creatableBy: config.creatableBy === undefined ? config.writableBy : config.creatableBy,
    unique: config.unique ?? [],
    rules: config.rules ?? [],
    derived: config.derived ?? {},
  };
}
