// Which locale namespace (locales/<language>/<ns>.json) holds each resource's field labels
// (`fields.<name>`, `fields_of.<resource>.<name>`) and choices: the namespace of the screens that edit
// it; the reference lists' words are in `admin`, the fallback. Read by the app's screens and by the
// server, which names a refused field in the words of its form.
import type { ResourceName } from './registry';

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

/** The namespaces a resource's field labels are looked up in, in order. */
export const fieldNamespacesOf = (resource: ResourceName): string[] => [
  ...new Set([FIELD_NAMESPACE[resource] ?? 'admin', 'admin']),
];
