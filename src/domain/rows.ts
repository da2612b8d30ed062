// Each resource's stored row as a type, inferred from the registry: the app's tables (src/store/db.ts
// rows) and the reports read fields by these, so a misspelt or removed field fails the type check.
import type { FieldMap, RowOf } from './model';
import type { resources } from './registry';
import type { Resource } from './resource';

type RowOfDefinition<T> =
  T extends Resource<infer F extends FieldMap, infer R extends FieldMap> ? RowOf<F, R> : never;

/** The row of the resource named `N` ('hand' → its sync columns, fields and server-set fields). */
export type ResourceRow<N extends keyof typeof resources> = RowOfDefinition<(typeof resources)[N]>;

type Name = keyof typeof resources;

/** A writable field of the resource named `N` (a form's field list: a misspelt name fails the check); any name for any resource. */
export type FieldName<N extends Name> = [Name] extends [N]
  ? string
  : keyof (typeof resources)[N]['fields'] & string;
