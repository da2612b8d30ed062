import { field, objectOf } from '../model';
import { defineResource } from '../resource';

const countryFields = {
  name: field.text(100),
  /** The name in Spanish (shown on Spanish screens and reports; the English one when empty). */
  name_es: field.text(100).optional(),
  /** ISO 3166-1 alpha-2, e.g. ES. */
  code: field.text(2).optional(),
  /** Hidden from new choices, kept on the records that use it (an entry in use is retired, not deleted). */
  retired: field.bool().withDefault(false),
};

const countrySchema = objectOf(countryFields);

export const country = defineResource({
  name: 'country',
  kind: 'lookup',
  scope: 'global',
  fields: countryFields,
  schema: countrySchema,
  translated: { en: 'name', es: 'name_es' },
  display: ['name', 'name_es'],
  filters: [
    { name: 'search', kind: 'icontains', fields: ['name', 'name_es', 'code'] },
    { name: 'retired', kind: 'boolean', field: 'retired' },
  ],
  ordering: ['name', 'id'],
  writableBy: 'admin',
  merge: { sameFields: [] },
  creatableBy: 'staff',
  unique: [['code']],
  dexieIndexes: ['seq', 'name'],
});
