import { handIncidenceIssues } from './enums';
import { field, objectOf, type RowOf } from './model';
import { defineResource } from './resource';
import { endAfterStart } from './rules';

export const handIncidenceFields = {
  hand: field.ref('hand'),
  issue: field.choiceList(handIncidenceIssues).withDefault([]),
  issue_description: field.text(2000).optional(),
  /** With init and end dates, the incidence counts as a stoppage in the ratios. */
  init_date: field.dateTime().optional(),
  end_date: field.dateTime().optional(),
  hold: field.int().optional(),
  /** The lift was of something other than cargo (hatch covers, gear). */
  non_commodity_hoist: field.bool().withDefault(false),
  observations_and_stops: field.text(4000).optional(),
};

/** Set by the server from the hand. */
const handIncidenceDerivedFields = {
  project: field.ref('project').optional(),
};

const handIncidenceSchema = objectOf(handIncidenceFields).superRefine(
  endAfterStart('hand-incidence', 'init_date', 'end_date'),
);

export type HandIncidence = RowOf<typeof handIncidenceFields, typeof handIncidenceDerivedFields>;

export const handIncidence = defineResource({
  name: 'hand-incidence',
  kind: 'entity',
  scope: 'project',
  projectField: 'project',
  parent: 'hand',
  fields: handIncidenceFields,
  readOnlyFields: handIncidenceDerivedFields,
  schema: handIncidenceSchema,
  display: ['issue_description'],
  filters: [
    { name: 'hand', kind: 'ref', field: 'hand' },
    { name: 'project', kind: 'ref', field: 'project' },
    { name: 'issue', kind: 'contains', field: 'issue' },
    { name: 'hold', kind: 'exact', field: 'hold' },
    { name: 'init_date', kind: 'range', field: 'init_date' },
  ],
  ordering: ['init_date', 'id'],
  writableBy: 'staff',
  derived: { project: { from: 'hand', path: ['project'] } },
  dexieIndexes: ['seq', 'project', '[hand+init_date]'],
});
