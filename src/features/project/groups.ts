// The project form's fields grouped as a supervisor looks for them; every writable Project field once.
import type { FieldName } from '../../domain/rows';

export const PROJECT_GROUPS = [
  {
    key: 'call',
    fields: [
      'code',
      'name',
      'status',
      'activity',
      'commodity',
      'customer',
      'init_date',
      'end_date',
      'agency',
      'applicant',
    ],
  },
  {
    key: 'vessel_port',
    fields: [
      'vessel',
      'voyage',
      'port',
      'country',
      'quay',
      'dock',
      'berthing_wharf',
      'previous_port',
      'next_port',
      'port_capitain',
      'eta_portcall',
      'etd_portcall',
      'tugs_in',
      'tugs_out',
    ],
  },
  { key: 'sof', fields: ['reported_and_ready', 'time_to_count', 'start_ops', 'end_ops', 'despatched'] },
  {
    key: 'operations',
    fields: ['crane_type', 'number_gangs', 'heavy_lift_date', 'hl_commodity_wt', 'remarks'],
  },
  { key: 'completion', fields: ['data_entry_completed', 'completion_date', 'completed_by'] },
  { key: 'scanning', fields: ['scan_pattern', 'scan_weight_tolerance'] },
] as const satisfies readonly { key: string; fields: readonly FieldName<'project'>[] }[];

export const PROJECT_FORM_FIELDS: readonly FieldName<'project'>[] = PROJECT_GROUPS.flatMap(
  (group) => group.fields,
);
