// Lookup: report statuses (draft, completed), shown by description, in the order created.
// Edited by admins; read by everyone signed in.
import type { z } from 'zod';
import { field, objectOf, type RowOf } from '../model';
import { defineResource } from '../resource';

export const reportStatusFields = {
  description: field.text(100),
  /** The description in Spanish (shown on Spanish screens and reports; the English one when empty). */
  description_es: field.text(100).optional(),
  /** Hidden from new choices, kept on the records that use it (an entry in use is retired, not deleted). */
  retired: field.bool().withDefault(false),
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
  translated: { en: 'description', es: 'description_es' },
  display: ['description', 'description_es'],
  filters: [
    { name: 'search', kind: 'icontains', fields: ['description', 'description_es'] },
    { name: 'retired', kind: 'boolean', field: 'retired' },
  ],
  ordering: ['id'],
  writableBy: 'admin',
  merge: { sameFields: [] },
  unique: [['description']],
  dexieIndexes: ['seq'],
});
