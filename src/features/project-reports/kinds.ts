// The three report tabs of a project: which resource each lists, the fields of its form, the columns
// of its list and the file the server makes from it.
import type { ProjectReportKind } from '../../api/reports';
import type { ResourceName } from '../../domain/registry';
import type { FieldName } from '../../domain/rows';
import type { Values } from '../../ui/form';

export const REPORT_PAGE_SIZE = 10;

export interface ReportKind<N extends ResourceName = ResourceName> {
  tab: ProjectReportKind;
  resource: N;
  fields: readonly FieldName<N>[];
  /** Columns of the list: a field, shown by its kind (ref names, dates). */
  columns: readonly FieldName<N>[];
  /** A message key refusing the save, or null. */
  check?: (values: Values) => string | null;
}

const chosen = (value: unknown) => typeof value === 'string' && value !== '';

// Each kind is checked against its resource: a field it does not have fails the type check.
export const REPORT_KINDS: readonly ReportKind[] = [
  {
    tab: 'coil_report',
    resource: 'coil-report',
    fields: [
      'commodity',
      'activity',
      'agency',
      'applicant',
      'quay',
      'stevedores',
      'start_ops',
      'end_ops',
      'effective_time',
      'coils_hour',
      'tons_hour',
      'lifting_rate',
      'cargo_overlanded',
      'operation_others',
      'remarks',
    ],
    columns: ['commodity', 'activity', 'start_ops', 'end_ops', 'stevedores'],
    // The spec: a coil report is saved only with commodity and activity chosen.
    check: (values) =>
      chosen(values.commodity) && chosen(values.activity) ? null : 'coil_needs_commodity_activity',
  } satisfies ReportKind<'coil-report'>,
  {
    tab: 'sof_report',
    resource: 'sof-report',
    fields: [
      'previous_port',
      'port',
      'next_port',
      'berthing_wharf',
      'eta_portcall',
      'etd_portcall',
      'reported_and_ready',
      'time_to_count',
      'despatched',
      'remarks',
    ],
    columns: ['port', 'berthing_wharf', 'eta_portcall', 'etd_portcall'],
  } satisfies ReportKind<'sof-report'>,
  {
    tab: 'prompter_report',
    resource: 'prompter-report',
    fields: ['hand', 'hand_event', 'hold'],
    columns: ['hand', 'hand_event', 'hold'],
  } satisfies ReportKind<'prompter-report'>,
];
