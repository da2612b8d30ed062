import { field, objectOf } from './model';
import { defineResource } from './resource';
import { endAfterStart } from './rules';

const sofReportFields = {
  project: field.ref('project'),
  previous_port: field.ref('port').optional(),
  port: field.ref('port').optional(),
  next_port: field.ref('port').optional(),
  berthing_wharf: field.text(100).optional(),
  reported_and_ready: field.dateTime().optional(),
  time_to_count: field.dateTime().optional(),
  despatched: field.dateTime().optional(),
  eta_portcall: field.dateTime().optional(),
  etd_portcall: field.dateTime().optional(),
  remarks: field.text(4000).optional(),
};

const sofReportSchema = objectOf(sofReportFields).superRefine(
  endAfterStart('sof-report', 'eta_portcall', 'etd_portcall'),
);

export const sofReport = defineResource({
  name: 'sof-report',
  kind: 'entity',
  scope: 'project',
  projectField: 'project',
  parent: 'project',
  fields: sofReportFields,
  schema: sofReportSchema,
  display: ['eta_portcall'],
  filters: [{ name: 'project', kind: 'ref', field: 'project' }],
  ordering: ['-id'],
  writableBy: 'staff',
  dexieIndexes: ['seq', 'project'],
});
