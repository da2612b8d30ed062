import { allFields, kindType } from '../../../src/domain/columns.js';
import { type FieldInfo, type FieldKind, syncColumns } from '../../../src/domain/model.js';
import { type RefInfo, refsOf } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';

/** The PostgreSQL type a parameter of this field kind is cast to. */
export const paramType = kindType;

export interface ResourceColumns {
  /** Every field, writable and server-set, with its descriptor. */
  fields: Record<string, FieldInfo>;
  writable: string[];
  readOnly: string[];
  refs: Record<string, RefInfo>;
  /** A row as devices store it: the sync columns and every field (a user's e-mail is not sent). */
  flat: string[];
}

const cache = new Map<string, ResourceColumns>();

export function columnsOf(resource: Resource): ResourceColumns {
  let columns = cache.get(resource.name);
  if (!columns) {
    const fields = Object.fromEntries(
      Object.entries(allFields(resource)).map(([name, descriptor]) => [name, descriptor.info]),
    );
    columns = {
      fields,
      writable: Object.keys(resource.fields),
      readOnly: Object.keys(resource.readOnlyFields),
      refs: refsOf(resource),
      flat: [...syncColumns, ...Object.keys(fields)].filter(
        (name) => !(resource.name === 'users' && name === 'email'),
      ),
    };
    cache.set(resource.name, columns);
  }
  return columns;
}

/** A value for a SQL parameter of the field's column (JSON goes as text, cast by the statement). */
export function toParam(kind: FieldKind, value: unknown): unknown {
  if (value === undefined) return null;
  if (kind === 'json' && value !== null) return JSON.stringify(value);
  return value;
}
