import { messages } from './messages';
import { field, objectOf, type RowOf } from './model';
import { defineResource } from './resource';
import { endAfterStart } from './rules';

export const handFields = {
  /** The project event (of kind 'working') the hand works under. */
  event: field.ref('project-event'),
  description: field.text(255).optional(),
  activity: field.ref('project-activity').optional(),
  foreman: field.text(150).optional(),
  superintendent: field.text(150).optional(),
  berth_no: field.text(20).optional(),
  gang_no: field.int().optional(),
  crew_count: field.int().optional(),
  crane_driver: field.int().optional(),
  crane_type: field.ref('crane-type').optional(),
  hatch_tender: field.int().optional(),
  lift_trucks: field.int().optional(),
  tractor_trailers: field.int().optional(),
  fork_lifts: field.int().optional(),
  drivers: field.int().optional(),
  stevedore_equipment_used: field.text(1000).optional(),
  vessel_equipment_used: field.text(1000).optional(),
  init_date: field.dateTime().optional(),
  end_date: field.dateTime().optional(),
};

/** Set by the server from the event, so project-scoped sync and local queries find the hand. */
const handDerivedFields = {
  project: field.ref('project').optional(),
};

export const handSchema = objectOf(handFields).superRefine(endAfterStart('hand', 'init_date', 'end_date'));

export type Hand = RowOf<typeof handFields, typeof handDerivedFields>;

export const hand = defineResource({
  name: 'hand',
  kind: 'entity',
  scope: 'project',
  projectField: 'project',
  parent: 'event',
  fields: handFields,
  readOnlyFields: handDerivedFields,
  schema: handSchema,
  display: ['description', 'gang_no'],
  filters: [
    { name: 'event', kind: 'ref', field: 'event' },
    { name: 'project', kind: 'ref', field: 'project' },
    { name: 'activity', kind: 'ref', field: 'activity' },
    { name: 'search', kind: 'icontains', fields: ['description', 'foreman'] },
  ],
  ordering: ['init_date', 'id'],
  writableBy: 'staff',
  derived: { project: { from: 'event', path: ['project'] } },
  rules: [
    {
      kind: 'refAttribute',
      field: 'event',
      path: ['event', 'kind'],
      oneOf: ['working'],
      message: messages.handWorkingShift,
    },
  ],
  dexieIndexes: ['seq', 'project', '[event+init_date]'],
});
