import { messages } from './messages';
import { field, objectOf } from './model';
import { defineResource } from './resource';

const prompterReportFields = {
  project: field.ref('project'),
  hand: field.ref('hand').optional(),
  hand_event: field.ref('hand-event').optional(),
  hold: field.int().optional(),
};

const prompterReportSchema = objectOf(prompterReportFields);

export const prompterReport = defineResource({
  name: 'prompter-report',
  kind: 'entity',
  scope: 'project',
  projectField: 'project',
  parent: 'project',
  fields: prompterReportFields,
  schema: prompterReportSchema,
  display: ['hold'],
  filters: [
    { name: 'project', kind: 'ref', field: 'project' },
    { name: 'hand', kind: 'ref', field: 'hand' },
  ],
  ordering: ['-id'],
  writableBy: 'staff',
  rules: [{ kind: 'sameProject', fields: ['hand', 'hand_event'], message: messages.otherProject }],
  dexieIndexes: ['seq', 'project'],
});
