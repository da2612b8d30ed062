// Lookup: project statuses (planned, in progress, completed, closed), in the order created.
// Edited by admins; read by everyone signed in.
import type { z } from 'zod';
import { field, objectOf, type RowOf } from '../model';
import { defineResource } from '../resource';

export const projectStatusFields = {
  name: field.text(100),
};

export const projectStatusSchema = objectOf(projectStatusFields);

export type ProjectStatusInput = z.input<typeof projectStatusSchema>;
export type ProjectStatus = RowOf<typeof projectStatusFields>;

export const projectStatus = defineResource({
  name: 'project-status',
  kind: 'lookup',
  scope: 'global',
  fields: projectStatusFields,
  schema: projectStatusSchema,
  display: ['name'],
  filters: [{ name: 'search', kind: 'icontains', fields: ['name'] }],
  ordering: ['id'],
  writableBy: 'admin',
  unique: [['name']],
  dexieIndexes: ['seq'],
});
