// Examples of the main records as the API reads them, for the OpenAPI document. Each names the
// fields worth showing; the rest are filled with the field's default or null, so an example is a
// whole record that the linter checks against its schema (no-invalid-schema-examples).
import { isResourceName, resources } from '../../../src/domain/registry.js';
import { columnsOf } from './columns.js';

const PROJECT = '01936f3e-8a4b-7c2d-9e1f-2a3b4c5d6e7f';
const HAND = '01936f40-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const STAMPS = {
  version: 3,
  created_at: '2026-11-20T07:42:10.120Z',
  created_by: '01936f00-0000-7000-8000-000000000001',
  updated_at: '2026-11-21T14:05:33.870Z',
  updated_by: '01936f00-0000-7000-8000-000000000002',
};

const GIVEN: Record<string, Record<string, unknown>> = {
  project: {
    id: PROJECT,
    code: 'STL-2411',
    name: 'Star Lindesnes 2411',
    status: { id: '01936e00-0000-7000-8000-000000000102', name: 'in progress', name_es: 'en curso' },
    activity: { id: '01936e00-0000-7000-8000-000000000201', name: 'Discharge', name_es: 'Descarga' },
    commodity: { id: '01936e00-0000-7000-8000-000000000302', name: 'Coil', name_es: 'Bobina', code: 'coil' },
    customer: { id: '01936e00-0000-7000-8000-000000000401', trade_name: 'Aceros del Norte' },
    vessel: { id: '01936e00-0000-7000-8000-000000000501', name: 'Star Lindesnes' },
    port: { id: '01936e00-0000-7000-8000-000000000601', name: 'Bilbao', name_es: 'Bilbao' },
    init_date: '2026-11-20',
    end_date: '2026-11-23',
    voyage: '2411E',
    dock: 'A-3',
    number_gangs: 2,
    hl_commodity_wt: '0.000',
    start_ops: '2026-11-20T08:00:00.000Z',
  },
  'packing-list': {
    id: '01936f41-5a6b-7c8d-9e0f-1a2b3c4d5e6f',
    project: { id: PROJECT, code: 'STL-2411', name: 'Star Lindesnes 2411' },
    reference: 'C-240117',
    commodity: { id: '01936e00-0000-7000-8000-000000000302', name: 'Coil', name_es: 'Bobina', code: 'coil' },
    quantity: '1.000',
    processed_quantity: '1.000',
    net_weight: '21450.000',
    gross_weight: '21530.000',
    location: 'onboard',
    validated: true,
    validation_datetime: '2026-11-21T09:14:02.000Z',
    validation_hand: { id: HAND, description: 'Morning shift, hold 3', gang_no: 1 },
    validation_hold: 3,
    validation_prompter_identifier: {
      id: '01936f00-0000-7000-8000-000000000002',
      username: 'lruiz',
      first_name: 'Luis',
      last_name: 'Ruiz',
    },
    lift_id: '01936f42-0000-7000-8000-00000000a001',
  },
  hand: {
    id: HAND,
    event: {
      id: '01936f3f-0000-7000-8000-000000000701',
      init_date: '2026-11-21T06:00:00.000Z',
      end_date: null,
    },
    description: 'Morning shift, hold 3',
    gang_no: 1,
    crew_count: 12,
    foreman: 'Pedro Gil Núñez',
    init_date: '2026-11-21T06:00:00.000Z',
    end_date: '2026-11-21T14:00:00.000Z',
    project: { id: PROJECT, code: 'STL-2411', name: 'Star Lindesnes 2411' },
  },
  incidence: {
    id: '01936f43-0000-7000-8000-000000000801',
    project: { id: PROJECT, code: 'STL-2411', name: 'Star Lindesnes 2411' },
    description: 'Coil C-240117 found with a dented edge in hold 3',
    status: { id: '01936e00-0000-7000-8000-000000000901', name: 'open', name_es: 'abierta' },
    requires_attention: true,
  },
};

/** The whole example record of a resource, or undefined when it has none. */
export function exampleOf(name: string): Record<string, unknown> | undefined {
  const given = GIVEN[name];
  if (!given || !isResourceName(name)) return undefined;
  const row: Record<string, unknown> = { id: given.id, ...STAMPS };
  for (const [field, info] of Object.entries(columnsOf(resources[name]).fields))
    row[field] = field in given ? given[field] : (info.default ?? null);
  return row;
}
