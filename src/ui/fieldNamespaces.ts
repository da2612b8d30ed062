// Which locale namespace holds each resource's field labels (`fields.<name>`) and choices
// (`choices.<value>`): the namespace of the screens that edit it. The reference lists' words are in
// `admin`, the fallback.
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
