// Lookup: crane types. Edited by admins; read by everyone signed in.
import type { z } from 'zod';
import { field, objectOf, type RowOf } from '../model';
import { defineResource } from '../resource';

export const craneTypeFields = {
  name: field.text(100),
};

export const craneTypeSchema = objectOf(craneTypeFields);

export type CraneTypeInput = z.input<typeof craneTypeSchema>;
export type CraneType = RowOf<typeof craneTypeFields>;

export const craneType = defineResource({
  name: 'crane-type',
  kind: 'lookup',
  scope: 'global',
  fields: craneTypeFields,
  schema: craneTypeSchema,
  display: ['name'],
  filters: [{ name: 'search', kind: 'icontains', fields: ['name'] }],
  ordering: ['name', 'id'],
  writableBy: 'admin',
  unique: [['name']],
  dexieIndexes: ['seq'],
});
