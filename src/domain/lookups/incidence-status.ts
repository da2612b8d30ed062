// Lookup: incidence statuses (open, in progress, resolved, closed), in the order created.
// Edited by admins; read by everyone signed in.
import type { z } from 'zod';
import { field, objectOf, type RowOf } from '../model';
import { defineResource } from '../resource';

export const incidenceStatusFields = {
  name: field.text(100),
};

export const incidenceStatusSchema = objectOf(incidenceStatusFields);

export type IncidenceStatusInput = z.input<typeof incidenceStatusSchema>;
export type IncidenceStatus = RowOf<typeof incidenceStatusFields>;

export const incidenceStatus = defineResource({
  name: 'incidence-status',
  kind: 'lookup',
  scope: 'global',
  fields: incidenceStatusFields,
  schema: incidenceStatusSchema,
  display: ['name'],
  filters: [{ name: 'search', kind: 'icontains', fields: ['name'] }],
  ordering: ['id'],
  writableBy: 'admin',
  unique: [['name']],
  dexieIndexes: ['seq'],
});
