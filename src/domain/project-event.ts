import { field, objectOf, type RowOf } from './model';
import { defineResource } from './resource';
import { endAfterStart } from './rules';

const projectEventFields = {
  project: field.ref('project'),
  /** The master event type (the `event` lookup), which carries the kind. */
  event: field.ref('event'),
  init_date: field.dateTime(),
  end_date: field.dateTime().optional(),
  notes: field.text(2000).optional(),
  number_gangs: field.int().optional(),
};

// A milestone may end when it starts.
export const projectEventSchema = objectOf(projectEventFields).superRefine(
  endAfterStart('project-event', 'init_date', 'end_date', true),
);

export type ProjectEvent = RowOf<typeof projectEventFields>;

export const projectEvent = defineResource({
  name: 'project-event',
  kind: 'entity',
  scope: 'project',
  projectField: 'project',
  parent: 'project',
  fields: projectEventFields,
  schema: projectEventSchema,
  display: ['init_date', 'end_date'],
  filters: [
    { name: 'project', kind: 'ref', field: 'project' },
    { name: 'event', kind: 'ref', field: 'event' },
    { name: 'init_date', kind: 'range', field: 'init_date' },
  ],
  ordering: ['init_date', 'id'],
  writableBy: 'staff',
  dexieIndexes: ['seq', '[project+init_date]'],
});
