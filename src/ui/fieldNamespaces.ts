// Which locale namespace holds each resource's field labels (`fields.<name>`) and choices
// (`choices.<value>`): the namespace of the screens that edit it. The reference lists' words are in
// `admin`, the fallback.
import i18next, { type TFunction } from 'i18next';
import type { ResourceName } from '../domain/registry';

export const FIELD_NAMESPACE: Partial<Record<ResourceName, string>> = {
  project: 'project',
  'project-event': 'project',
  hand: 'hand',
  'hand-event': 'hand',
  'hand-incidence': 'hand',
  'packing-list': 'packing',
  'remaining-parts': 'packing',
  incidence: 'incidences',
  'container-report': 'containers',
  'coil-report': 'reports',
  'sof-report': 'reports',
  'prompter-report': 'reports',
  attachment: 'documents',
};

/**
 * The label of a field of `resource` in the interface's language: its own word for it first
 * (`fields_of.<resource>.<field>`: a port's code is its UN/LOCODE), else `fields.<field>`, in the
 * namespace of the screens that edit it and then in the reference lists' (`admin`); null when none has it.
 */
export function knownFieldLabel(t: TFunction, resource: ResourceName, field: string): string | null {
  for (const ns of new Set([FIELD_NAMESPACE[resource] ?? 'admin', 'admin']))
    for (const key of [`${ns}:fields_of.${resource}.${field}`, `${ns}:fields.${field}`])
      if (i18next.exists(key)) return t(key);
  return null;
}
