import { field, objectOf } from './model';
import { defineResource } from './resource';
import { endAfterStart } from './rules';

const coilReportFields = {
  project: field.ref('project'),
  /** The spec: a coil report can be saved only when commodity and activity are chosen. */
  commodity: field.ref('commodity'),
  activity: field.ref('project-activity'),
  agency: field.text(255).optional(),
  applicant: field.text(255).optional(),
  quay: field.text(100).optional(),
  stevedores: field.text(255).optional(),
  remarks: field.text(4000).optional(),
  cargo_overlanded: field.text(255).optional(),
  coils_hour: field.decimal().optional(),
  tons_hour: field.decimal().optional(),
  lifting_rate: field.decimal().optional(),
  /** Hours. */
  effective_time: field.decimal().optional(),
  start_ops: field.dateTime().optional(),
  end_ops: field.dateTime().optional(),
  operation_others: field.text(1000).optional(),
};

export const coilReportSchema = objectOf(coilReportFields).superRefine(
  endAfterStart('coil-report', 'start_ops', 'end_ops'),
);

export const coilReport = defineResource({
  name: 'coil-report',
  kind: 'entity',
  scope: 'project',
  projectField: 'project',
  parent: 'project',
  fields: coilReportFields,
  schema: coilReportSchema,
  display: ['start_ops'],
  filters: [{ name: 'project', kind: 'ref', field: 'project' }],
  ordering: ['-id'],
  writableBy: 'staff',
  dexieIndexes: ['seq', 'project'],
});
