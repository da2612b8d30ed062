// What a field becomes in storage: the PostgreSQL column type (0002_domain.sql is checked against
// this by server/db/schema.test.ts) and the value kind lists the engine and Dexie schema need.
import type { FieldInfo, FieldKind, FieldMap } from './model';
import type { Resource } from './resource';

/** PostgreSQL type of a field's column, as written in the migration. */
export function sqlType(info: FieldInfo): string {
  if (info.kind === 'decimal') return `numeric(${info.precision ?? 14},${info.scale ?? 3})`;
  return kindType(info.kind);
}

/** PostgreSQL type of a field kind without its size: what a query parameter of the field is cast to. */
export function kindType(kind: FieldKind): string {
  switch (kind) {
    case 'text':
    case 'choice':
      return 'text';
    case 'int':
      return 'integer';
    case 'decimal':
      return 'numeric';
    case 'bool':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'time':
      return 'time';
    case 'uuid':
    case 'ref':
      return 'uuid';
    case 'refList':
      return 'uuid[]';
    case 'choiceList':
      return 'text[]';
    case 'json':
      return 'jsonb';
  }
}

/** Every field of a resource (writable and server-set), by name. */
export function allFields(resource: Resource): FieldMap {
  return { ...resource.fields, ...resource.readOnlyFields };
}
