import { operationKinds } from '../enums';
import { field, objectOf, type RowOf } from '../model';
import { defineResource } from '../resource';

const projectActivityFields = {
  name: field.text(100),
  /** The name in Spanish (shown on Spanish screens and reports; the English one when empty). */
  name_es: field.text(100).optional(),
  operation: field.choice(operationKinds),
  /** Hidden from new choices, kept on the records that use it (an entry in use is retired, not deleted). */
  retired: field.bool().withDefault(false),
};

const projectActivitySchema = objectOf(projectActivityFields);

export type ProjectActivity = RowOf<typeof projectActivityFields>;

export const projectActivity = defineResource({
  name: 'project-activity',
  kind: 'lookup',
  scope: 'global',
  fields: projectActivityFields,
  schema: projectActivitySchema,
  translated: { en: 'name', es: 'name_es' },
  display: ['name', 'name_es'],
  filters: [
    { name: 'search', kind: 'icontains', fields: ['name', 'name_es'] },
    { name: 'operation', kind: 'exact', field: 'operation' },
    { name: 'retired', kind: 'boolean', field: 'retired' },
  ],
  ordering: ['id'],
  writableBy: 'admin',
  merge: { sameFields: ['operation'] },
  unique: [['name']],
  dexieIndexes: ['seq'],
});
