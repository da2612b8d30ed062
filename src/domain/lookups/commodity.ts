import { commodities } from '../enums';
import { field, objectOf, type RowOf } from '../model';
import { defineResource } from '../resource';

const commodityFields = {
  name: field.text(100),
  /** The name in Spanish (shown on Spanish screens and reports; the English one when empty). */
  name_es: field.text(100).optional(),
  code: field.choice(commodities),
  /** Hidden from new choices, kept on the records that use it (an entry in use is retired, not deleted). */
  retired: field.bool().withDefault(false),
};

const commoditySchema = objectOf(commodityFields);

export type Commodity = RowOf<typeof commodityFields>;

export const commodity = defineResource({
  name: 'commodity',
  kind: 'lookup',
  scope: 'global',
  fields: commodityFields,
  schema: commoditySchema,
  translated: { en: 'name', es: 'name_es' },
  display: ['name', 'name_es', 'code'],
  filters: [
    { name: 'search', kind: 'icontains', fields: ['name', 'name_es'] },
    { name: 'code', kind: 'exact', field: 'code' },
    { name: 'retired', kind: 'boolean', field: 'retired' },
  ],
  ordering: ['name', 'id'],
  writableBy: 'admin',
  merge: { sameFields: ['code'] },
  unique: [['code'], ['name']],
  dexieIndexes: ['seq', 'code'],
});
