// Field descriptors: a zod schema plus what the rest of the system derives from it (SQL column
// type, Dexie indexes, OpenAPI, which fields are refs). Entities declare their fields with `field`.
import { z } from 'zod';
import {
  bool,
  checkedText,
  choice,
  choiceList,
  dateOnly,
  dateTime,
  decimal,
  jsonObject,
  nonNegativeInt,
  ref,
  refList,
  text,
  timeOfDay,
  uuid,
} from './fields';
import type { Parsed } from './values';

export type FieldKind =
  | 'text'
  | 'int'
  | 'decimal'
  | 'bool'
  | 'date'
  | 'datetime'
  | 'time'
  | 'uuid'
  | 'ref'
  | 'refList'
  | 'choice'
  | 'choiceList'
  | 'json';

/** @public (named in the declarations of every entity's fields) */
export type FieldDefault = boolean | number | string | readonly string[];

export interface FieldInfo {
  readonly kind: FieldKind;
  /** Must be given when a record is created. */
  readonly required: boolean;
  /** The column may hold null (optional fields without a default). */
  readonly nullable: boolean;
  /** Value on create when none is given (booleans, lists). */
  readonly default?: FieldDefault;
  /** The resource a ref or ref list points to. */
  readonly ref?: string;
  /** The allowed values of a choice or choice list. */
  readonly values?: readonly string[];
  readonly maxLength?: number;
  readonly precision?: number;
  readonly scale?: number;
}

/**
 * @public (the type of every entity's fields, named in their declarations)
 *
 * Its zod schema is built on first use, not where the field is declared: the registry declares some 260
 * fields, and building their schemas when its module loaded cost a tablet's main thread 20-40 ms in one
 * go (a screen opening, or the next screen's code preloaded while the user reads the list), most of them
 * for resources that screen never validates.
 */
export class Field<S extends z.ZodType = z.ZodType> {
  #schema: S | undefined;
  #relaxed: S | undefined;

  constructor(
    private readonly build: () => S,
    readonly info: FieldInfo,
    /** The schema used once the field is optional (text: blank allowed). */
    private readonly buildRelaxed: () => S = build,
  ) {}

  get schema(): S {
    this.#schema ??= this.build();
    return this.#schema;
  }

  private get relaxed(): S {
    this.#relaxed ??= this.buildRelaxed === this.build ? this.schema : this.buildRelaxed();
    return this.#relaxed;
  }

  /** Not required; null allowed (the column is nullable). */
  optional(): Field<z.ZodOptional<z.ZodNullable<S>>> {
    return new Field(() => this.relaxed.nullable().optional(), {
      ...this.info,
      required: false,
      nullable: true,
    });
  }

  /** Not required; when absent on create the value is `value` (the column is NOT NULL DEFAULT). */
  withDefault(value: FieldDefault): Field<z.ZodOptional<S>> {
    return new Field(() => this.relaxed.optional(), {
      ...this.info,
      required: false,
      nullable: false,
      default: value,
    });
  }
}

export type FieldMap = Readonly<Record<string, Field>>;

const make = <S extends z.ZodType>(
  schema: () => S,
  info: Omit<FieldInfo, 'required' | 'nullable'>,
  relaxed?: () => S,
) => new Field(schema, { required: true, nullable: false, ...info }, relaxed);

export const field = {
  /** Required text is not blank; once .optional() it may be blank. */
  text: (max: number) =>
    make(
      () => text(max, { blank: false }),
      { kind: 'text', maxLength: max },
      () => text(max),
    ),
  int: () => make(nonNegativeInt, { kind: 'int' }),
  decimal: (precision = 14, scale = 3) =>
    make(() => decimal(precision, scale), { kind: 'decimal', precision, scale }),
  bool: () => make(bool, { kind: 'bool' }),
  date: () => make(dateOnly, { kind: 'date' }),
  dateTime: () => make(dateTime, { kind: 'datetime' }),
  time: () => make(timeOfDay, { kind: 'time' }),
  uuid: () => make(uuid, { kind: 'uuid' }),
  ref: (resource: string) => make(() => ref(resource), { kind: 'ref', ref: resource }),
  refList: (resource: string) => make(() => refList(resource), { kind: 'refList', ref: resource }),
  choice: <const T extends readonly [string, ...string[]]>(values: T) =>
    make(() => choice(values), { kind: 'choice', values }),
  choiceList: <const T extends readonly [string, ...string[]]>(values: T) =>
    make(() => choiceList(values), { kind: 'choiceList', values }),
  json: () => make(jsonObject, { kind: 'json' }),
  /** Text made canonical by `parse` (IMO number, UN/LOCODE, time zone...); `max` bounds what is typed. */
  checked: (max: number, parse: (text: string) => Parsed<string>, hint: Record<string, unknown>) =>
    make(
      () => checkedText(max, parse, hint, { blank: false }),
      { kind: 'text', maxLength: max },
      () => checkedText(max, parse, hint),
    ),
};

type Shape<F extends FieldMap> = { -readonly [K in keyof F]: F[K]['schema'] };

/**
 * The zod object of a field map (unknown keys are dropped, as DRF does). Its shape holds getters, which
 * zod reads on the object's first use: the fields' schemas are built then, not when a module declares it.
 */
export function objectOf<F extends FieldMap>(fields: F): z.ZodObject<Shape<F>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, descriptor] of Object.entries(fields))
    Object.defineProperty(shape, name, { get: () => descriptor.schema, enumerable: true });
  return z.object(shape) as z.ZodObject<Shape<F>>;
}

/** The stored value of a field: optional ones read back as null, defaulted ones as their type. */
type ValueOf<F> = F extends Field<infer S> ? Exclude<z.output<S>, undefined> : never;
type Values<F extends FieldMap> = { -readonly [K in keyof F]: ValueOf<F[K]> };

/** Columns every synced row carries (sync-protocol.md); a type, not an interface, so a row is a record. */
type SyncColumns = {
  id: string;
  version: number;
  seq: number;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  deleted_at: string | null;
};

export const syncColumns = [
  'id',
  'version',
  'seq',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'deleted_at',
] as const;

/** A stored row: sync columns, writable fields and server-set fields. */
export type RowOf<F extends FieldMap, R extends FieldMap = Record<never, Field>> = SyncColumns &
  Values<F> &
  Values<R>;
