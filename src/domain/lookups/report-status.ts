import { field, objectOf } from '../model';
import { defineResource } from '../resource';

const reportStatusFields = {
  description: field.text(100),
  /** The description in Spanish (shown on Spanish screens and reports; the English one when empty). */
  description_es: field.text(100).optional(),
  /** Hidden from new choices, kept on the records that use it (an entry in use is retired, not deleted). */
  retired: field.bool().withDefault(false),
};

const reportStatusSchema = objectOf(reportStatusFields);

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
