import { looseLabelColors } from './enums';
import { field, objectOf } from './model';
import { defineResource } from './resource';

const remainingPartsFields = {
  project: field.ref('project'),
  /** Each color once. */
  label_color: field.choiceList(looseLabelColors).withDefault([]),
  quantity: field.decimal(),
};

export const remainingPartsSchema = objectOf(remainingPartsFields);

export const remainingParts = defineResource({
  name: 'remaining-parts',
  kind: 'entity',
  scope: 'project',
  projectField: 'project',
  parent: 'project',
  fields: remainingPartsFields,
  schema: remainingPartsSchema,
  display: ['quantity'],
  filters: [{ name: 'project', kind: 'ref', field: 'project' }],
  ordering: ['id'],
  pageSize: { default: 5, max: 1000 },
  writableBy: 'staff',
  dexieIndexes: ['seq', 'project'],
});
