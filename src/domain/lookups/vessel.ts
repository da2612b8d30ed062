// Lookup: vessels.
import type { z } from 'zod';
import { field, objectOf, type RowOf } from '../model';
import { defineResource } from '../resource';

export const vesselFields = {
  name: field.text(150),
  /** IMO number (7 digits). */
  imo: field.text(7).optional(),
  /** Flag state. */
  flag: field.ref('country').optional(),
};

export const vesselSchema = objectOf(vesselFields);

export type VesselInput = z.input<typeof vesselSchema>;
export type Vessel = RowOf<typeof vesselFields>;

export const vessel = defineResource({
  name: 'vessel',
  kind: 'lookup',
  scope: 'global',
  fields: vesselFields,
  schema: vesselSchema,
  display: ['name'],
  filters: [{ name: 'search', kind: 'icontains', fields: ['name', 'imo'] }],
  ordering: ['name', 'id'],
  writableBy: 'admin',
  unique: [['imo']],
  dexieIndexes: ['seq', 'name'],
});
