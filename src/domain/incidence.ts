import { field, objectOf } from './model';
import { defineResource } from './resource';

const incidenceFields = {
  project: field.ref('project'),
  type: field.ref('incidence-type').optional(),
  /** The user who detected it. */
  detect: field.ref('users').optional(),
  description: field.text(2000),
  detection_desc: field.text(2000).optional(),
  causes: field.text(2000).optional(),
  manager: field.ref('users').optional(),
  status: field.ref('incidence-status').optional(),
  client: field.ref('accounts').optional(),
  provider: field.ref('accounts').optional(),
  users_interested: field.refList('users').withDefault([]),
  solution: field.text(4000).optional(),
  requires_attention: field.bool().withDefault(false),
};

export const incidenceSchema = objectOf(incidenceFields);

export const incidence = defineResource({
  name: 'incidence',
  kind: 'entity',
  scope: 'project',
  projectField: 'project',
  parent: 'project',
  fields: incidenceFields,
  schema: incidenceSchema,
  display: ['description'],
  filters: [
    { name: 'project', kind: 'ref', field: 'project' },
    { name: 'description', kind: 'icontains', fields: ['description'] },
    { name: 'type', kind: 'ref', field: 'type' },
    { name: 'status', kind: 'ref', field: 'status' },
    { name: 'detected', kind: 'ref', field: 'detect' },
    { name: 'manager', kind: 'ref', field: 'manager' },
    { name: 'users_interested', kind: 'contains', field: 'users_interested' },
    { name: 'requires_attention', kind: 'boolean', field: 'requires_attention' },
  ],
  ordering: ['-id'],
  writableBy: 'staff',
  dexieIndexes: ['seq', 'project', '*users_interested'],
});
