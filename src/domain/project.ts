import { field, objectOf, type RowOf } from './model';
import { defineResource } from './resource';
import { allRules, endAfterStart } from './rules';
import { parseScanPattern, SCAN_PATTERN_MAX } from './scan-rule';

export const projectFields = {
  code: field.text(50).optional(),
  name: field.text(255),
  status: field.ref('project-status').optional(),
  activity: field.ref('project-activity').optional(),
  commodity: field.ref('commodity').optional(),
  init_date: field.date().optional(),
  end_date: field.date().optional(),
  customer: field.ref('accounts').optional(),
  vessel: field.ref('vessel').optional(),
  port: field.ref('port').optional(),
  country: field.ref('country').optional(),
  dock: field.text(100).optional(),
  voyage: field.text(50).optional(),
  port_capitain: field.text(150).optional(),
  completion_date: field.dateTime().optional(),
  completed_by: field.ref('users').optional(),
  data_entry_completed: field.bool().withDefault(false),
  crane_type: field.ref('crane-type').optional(),
  number_gangs: field.int().optional(),
  remarks: field.text(4000).optional(),
  heavy_lift_date: field.date().optional(),
  /** Heavy lift commodity weight, kg. */
  hl_commodity_wt: field.decimal().optional(),
  tugs_in: field.int().optional(),
  tugs_out: field.int().optional(),
  agency: field.text(255).optional(),
  applicant: field.text(255).optional(),
  quay: field.text(100).optional(),
  next_port: field.ref('port').optional(),
  previous_port: field.ref('port').optional(),
  berthing_wharf: field.text(100).optional(),
  start_ops: field.dateTime().optional(),
  end_ops: field.dateTime().optional(),
  reported_and_ready: field.dateTime().optional(),
  time_to_count: field.dateTime().optional(),
  despatched: field.dateTime().optional(),
  etd_portcall: field.dateTime().optional(),
  eta_portcall: field.dateTime().optional(),
  /** How the tally reads the reference (and weight) from a label: see scan-rule.ts; empty: the default. */
  scan_pattern: field
    .checked(SCAN_PATTERN_MAX, parseScanPattern, {
      description:
        'Regular expression (flags gim) naming the reference with a group (?<ref…>), optionally the weight (?<weight…>) with (?<unit…>kg|t) or (?<decimals…>n). Empty: the default rule (key: value texts, JSON, GS1).',
      examples: ['^S(?<ref>\\d{10})$'],
    })
    .optional(),
  /** Percent by which a label's weight may differ from the packing list's before the tally warns (2 when empty). */
  scan_weight_tolerance: field.decimal(4, 2).optional(),
};

/** Computed by the domain's summary functions; never written by clients. */
const projectComputedFields = {
  project_summary: field.json().optional(),
  commodity_summary: field.json().optional(),
  tons_summary: field.json().optional(),
};

export const projectSchema = objectOf(projectFields).superRefine(
  allRules(
    endAfterStart('project', 'init_date', 'end_date', true),
    endAfterStart('project', 'start_ops', 'end_ops'),
  ),
);

export type Project = RowOf<typeof projectFields, typeof projectComputedFields>;

export const project = defineResource({
  name: 'project',
  kind: 'entity',
  scope: 'global',
  fields: projectFields,
  readOnlyFields: projectComputedFields,
  schema: projectSchema,
  display: ['code', 'name'],
  filters: [
    { name: 'search', kind: 'icontains', fields: ['code', 'name', 'voyage', 'dock'] },
    { name: 'port', kind: 'ref', field: 'port' },
    { name: 'vessel', kind: 'ref', field: 'vessel' },
    { name: 'initial_date', kind: 'range', field: 'init_date' },
    { name: 'end_date', kind: 'range', field: 'end_date' },
    { name: 'status', kind: 'ref', field: 'status' },
    { name: 'commodity', kind: 'ref', field: 'commodity' },
    { name: 'customer', kind: 'ref', field: 'customer' },
    { name: 'activity', kind: 'ref', field: 'activity' },
  ],
  ordering: ['-init_date', '-id'],
  writableBy: 'staff',
  deletableBy: 'admin',
  unique: [['code']],
  dexieIndexes: ['seq', 'init_date', 'status', 'port', 'vessel', 'commodity', 'customer'],
});
