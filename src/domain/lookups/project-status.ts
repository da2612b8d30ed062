import { field, objectOf } from '../model';
import { defineResource } from '../resource';

const projectStatusFields = {
  name: field.text(100),
  /** The name in Spanish (shown on Spanish screens and reports; the English one when empty). */
  name_es: field.text(100).optional(),
  /** Hidden from new choices, kept on the records that use it (an entry in use is retired, not deleted). */
  retired: field.bool().withDefault(false),
};

const projectStatusSchema = objectOf(projectStatusFields);

export const projectStatus = defineResource({
  name: 'project-status',
  kind: 'lookup',
  scope: 'global',
  fields: projectStatusFields,
  schema: projectStatusSchema,
  translated: { en: 'name', es: 'name_es' },
  display: ['name', 'name_es'],
  filters: [
    { name: 'search', kind: 'icontains', fields: ['name', 'name_es'] },
    { name: 'retired', kind: 'boolean', field: 'retired' },
  ],
  ordering: ['id'],
  writableBy: 'admin',
  merge: { sameFields: [] },
  unique: [['name']],
  dexieIndexes: ['seq'],
});
