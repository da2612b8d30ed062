import { field, objectOf } from './model';
import { defineResource } from './resource';

export const handEventFields = {
  hand: field.ref('hand'),
  description: field.text(255).optional(),
  /** The master event type this line stands for. */
  related_event: field.ref('event').optional(),
  activity: field.ref('project-activity').optional(),
  date: field.date().optional(),
  hour_from: field.time().optional(),
  hour_to: field.time().optional(),
  hatch_number: field.int().optional(),
  crane_number: field.int().optional(),
  cellar: field.text(50).optional(),
  billable: field.bool().withDefault(false),
  in_dispute: field.bool().withDefault(false),
  /** Overtime. */
  ot: field.bool().withDefault(false),
  /** Second (double) overtime. */
  ot2: field.bool().withDefault(false),
  vessel_notes: field.text(2000).optional(),
  stevedore_notes: field.text(2000).optional(),
};

/** Set by the server from the hand. */
const handEventDerivedFields = {
  project: field.ref('project').optional(),
};

// hour_to may be before hour_from: a line can cross midnight.
const handEventSchema = objectOf(handEventFields);

export const handEvent = defineResource({
  name: 'hand-event',
  kind: 'entity',
  scope: 'project',
  projectField: 'project',
  parent: 'hand',
  fields: handEventFields,
  readOnlyFields: handEventDerivedFields,
  schema: handEventSchema,
  display: ['description', 'date', 'hour_from'],
  filters: [
    { name: 'hand', kind: 'ref', field: 'hand' },
    { name: 'project', kind: 'ref', field: 'project' },
  ],
  ordering: ['date', 'hour_from', 'id'],
  writableBy: 'staff',
  derived: { project: { from: 'hand', path: ['project'] } },
  dexieIndexes: ['seq', 'project', '[hand+date+hour_from]'],
});
