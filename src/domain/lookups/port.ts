// Lookup: ports, with their UN/LOCODE.
import type { z } from 'zod';
import { field, objectOf, type RowOf } from '../model';
import { defineResource } from '../resource';

export const portFields = {
  name: field.text(150),
  /** UN/LOCODE, e.g. ESVLC. */
  code: field.text(5).optional(),
  country: field.ref('country').optional(),
};

export const portSchema = objectOf(portFields);

export type PortInput = z.input<typeof portSchema>;
export type Port = RowOf<typeof portFields>;

export const port = defineResource({
  name: 'port',
  kind: 'lookup',
  scope: 'global',
  fields: portFields,
  schema: portSchema,
  display: ['name'],
  filters: [
    { name: 'search', kind: 'icontains', fields: ['name', 'code'] },
    { name: 'country', kind: 'ref', field: 'country' },
  ],
  ordering: ['name', 'id'],
  writableBy: 'admin',
  unique: [['code']],
  dexieIndexes: ['seq', 'name'],
});
