// Lookup: report statuses (draft, completed), shown by description, in the order created.
// Edited by admins; read by everyone signed in.
import type { z } from 'zod';
import { field, objectOf, type RowOf } from '../model';
import { defineResource } from '../resource';

export const reportStatusFields = {
  description: field.text(100),
};

export const reportStatusSchema = objectOf(reportStatusFields);

export type ReportStatusInput = z.input<typeof reportStatusSchema>;
export type ReportStatus = RowOf<typeof reportStatusFields>;

export const reportStatus = defineResource({
  name: 'report-status',
  kind: 'lookup',
  scope: 'global',
  fields: reportStatusFields,
  schema: reportStatusSchema,
  display: ['description'],
  filters: [{ name: 'search', kind: 'icontains', fields: ['description'] }],
  ordering: ['id'],
  writableBy: 'admin',
  unique: [['description']],
  dexieIndexes: ['seq'],
});
