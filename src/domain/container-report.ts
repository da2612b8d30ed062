// A container inspection: external and internal condition, stowage, photos; a PDF when generated.
import type { z } from 'zod';
import { sideConditions } from './enums';
import { field, objectOf, type RowOf } from './model';
import { defineResource } from './resource';

const side = () => field.choice(sideConditions).optional();
const flag = () => field.bool().withDefault(false);

export const containerReportFields = {
  container_number: field.text(20),
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
};

export const containerReportSchema = objectOf(containerReportFields);

export type ContainerReportInput = z.input<typeof containerReportSchema>;
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
  ],
  ordering: ['-date', '-id'],
  writableBy: 'staff',
  dexieIndexes: ['seq', 'date', 'container_number', 'manager', 'status'],
});
