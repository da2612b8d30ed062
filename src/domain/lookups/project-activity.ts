// Lookup: project activities (Charge, Discharge). `operation` is what the ratios read.
import type { z } from 'zod';
import { operationKinds } from '../enums';
import { field, objectOf, type RowOf } from '../model';
import { defineResource } from '../resource';

export const projectActivityFields = {
  name: field.text(100),
  operation: field.choice(operationKinds),
};

export const projectActivitySchema = objectOf(projectActivityFields);

export type ProjectActivityInput = z.input<typeof projectActivitySchema>;
export type ProjectActivity = RowOf<typeof projectActivityFields>;

export const projectActivity = defineResource({
  name: 'project-activity',
  kind: 'lookup',
  scope: 'global',
  fields: projectActivityFields,
  schema: projectActivitySchema,
  display: ['name'],
  filters: [
    { name: 'search', kind: 'icontains', fields: ['name'] },
    { name: 'operation', kind: 'exact', field: 'operation' },
  ],
  ordering: ['id'],
  writableBy: 'admin',
  unique: [['name']],
  dexieIndexes: ['seq'],
});
