// A field's label in the interface's language, from the namespace of the screens that edit its resource
// (src/domain/field-namespaces.ts).
import i18next, { type TFunction } from 'i18next';
import { fieldNamespacesOf } from '../domain/field-namespaces';
import type { ResourceName } from '../domain/registry';

/**
 * The label of a field of `resource` in the interface's language: its own word for it first
 * (`fields_of.<resource>.<field>`: a port's code is its UN/LOCODE), else `fields.<field>`, in the
 * namespace of the screens that edit it and then in the reference lists' (`admin`); null when none has it.
 */
export function knownFieldLabel(t: TFunction, resource: ResourceName, field: string): string | null {
  for (const ns of fieldNamespacesOf(resource))
    for (const key of [`${ns}:fields_of.${resource}.${field}`, `${ns}:fields.${field}`])
      if (i18next.exists(key)) return t(key);
  return null;
}
