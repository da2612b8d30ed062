import { sideConditions } from './enums';
import { parseSizeType } from './iso6346';
import { messages } from './messages';
import { field, objectOf, type RowOf } from './model';
import { defineResource } from './resource';
import { PNG_DATA_URL, SIGNATURE_IMAGE_MAX } from './sof-signature';

const side = () => field.choice(sideConditions).optional();
const flag = () => field.bool().withDefault(false);

export const containerReportFields = {
  container_number: field.text(20),
  /** The call it was inspected for, if any: its customer reads the report and gets its webhooks. */
  project: field.ref('project').optional(),
  /** ISO 6346 size and type code, e.g. 22G1 (20 ft general purpose), 45R1 (40 ft high-cube reefer). */
  size_type: field
    .checked(4, parseSizeType, { pattern: '^[0-9A-Za-z]{2}[A-Za-z][0-9A-Za-z]$', examples: ['22G1'] })
    .optional(),
  seal_number: field.text(30).optional(),
  vessel: field.ref('vessel').optional(),
  voyage: field.text(50).optional(),
  /** The port of the inspection (its time zone is the report's). */
  port: field.ref('port').optional(),
  /** Where in the port: terminal, yard, berth. */
  place: field.text(150).optional(),
  manager: field.ref('users').optional(),
  date: field.date().optional(),
  status: field.ref('report-status').optional(),
  external_floor_break: flag(),
  external_transversal_break: flag(),
  external_door_handle_bent: flag(),
  external_door_status: side(),
  external_left_side_status: side(),
  external_right_side_status: side(),
  external_bottom_status: side(),
  external_roof_status: side(),
  external_others: field.text(2000).optional(),
  internal_floor_wood_broken: flag(),
  internal_floor_cleaned: flag(),
  internal_door_handle_bent: flag(),
  internal_left_side_status: side(),
  internal_right_side_status: side(),
  internal_bottom_status: side(),
  internal_roof_status: side(),
  internal_floor_others: field.text(2000).optional(),
  wooden_dowels_left: flag(),
  load_shift: flag(),
  stowage_others: field.text(2000).optional(),
  /** The inspector's signature drawn on the tablet: 'data:image/png;base64,...' (inline, as a SOF's). */
  signature: field.text(SIGNATURE_IMAGE_MAX).optional(),
};

export const containerReportSchema = objectOf(containerReportFields).superRefine((row, ctx) => {
  if (typeof row.signature === 'string' && row.signature && !PNG_DATA_URL.test(row.signature))
    ctx.addIssue({
      code: 'custom',
      path: ['signature'],
      message: messages.signatureImage,
    });
});

export type ContainerReport = RowOf<typeof containerReportFields>;

export const containerReport = defineResource({
  name: 'container-report',
  kind: 'entity',
  scope: 'global',
  fields: containerReportFields,
  schema: containerReportSchema,
  display: ['container_number'],
  filters: [
    { name: 'container_number', kind: 'icontains', fields: ['container_number'] },
    { name: 'manager', kind: 'ref', field: 'manager' },
    { name: 'date', kind: 'range', field: 'date' },
    { name: 'status', kind: 'ref', field: 'status' },
    { name: 'vessel', kind: 'ref', field: 'vessel' },
    { name: 'port', kind: 'ref', field: 'port' },
    { name: 'project', kind: 'ref', field: 'project' },
  ],
  ordering: ['-date', '-id'],
  writableBy: 'staff',
  dexieIndexes: ['seq', 'date', 'container_number', 'manager', 'status'],
});
