// Test data for the report tests, made through the REST API as an admin would: lookups, a vessel
// call with hands, stoppages and validated packing items, and the users and tokens to call with.
import { type Api, apiClient, signIn } from '../../tests/api/http.js';
import type { TestServer } from '../testing.js';

export const PASSWORD = 'Quay-Crane-42';
/** Texts that a spreadsheet would run as formulas if they were written as formulas. */
export const INJECTION = '=HYPERLINK("http://evil.example/x","click")';
export const INJECTION_REF = '@SUM(1+1)*cmd|x';
/**
 * A 4 x 4 RGBA PNG whose pixel data is not zlib: it passes the PNG data-URL check, and PDFKit, given it
 * as is, throws while inflating it outside any try (the server stopped).
 */
export const CORRUPT_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAGElEQVRub3QgemxpYiBhdCBhbGwsIGdhcmJhZ2WLjfcoAAAAAElFTkSuQmCC';

type Row = { id: string } & Record<string, unknown>;

interface Lookups {
  coil: string;
  discharge: string;
  working: string;
  rain: string;
  crane: string;
  arrived: string;
  status: string;
}

async function must<T = Row>(
  api: Api,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await api<T>(method, path, { token, body });
  if (response.status >= 300)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The lookup row matching `match`, made with `create` when missing (the seed may have made it). */
async function lookup(
  api: Api,
  token: string,
  resource: string,
  query: string,
  match: (row: Row) => boolean,
  create: object,
) {
  const list = await must<{ results: Row[] }>(api, token, 'GET', `/api/${resource}/?${query}`);
  const found = list.results.find(match);
  return found ? found.id : (await must(api, token, 'POST', `/api/${resource}/`, create)).id;
}

export interface ReportWorld {
  api: Api;
  admin: string;
  adminId: string;
  lookups: Lookups;
  customer: string;
  /** Project with data: two overlapping hands, rain and a crane breakdown, five validated coils. */
  project: string;
  /** Project whose only hand worked wholly within a stoppage: zero net time. */
  stopped: string;
  /** Project with nothing in it. */
  empty: string;
  /** Project of another customer. */
  foreign: string;
  /** A customer token of `customer`'s account. */
  customerToken: string;
  /** Project whose work crosses the end of summer time in Spain (Sunday 25 October 2026). */
  dst: string;
}

export async function makeReportWorld(server: TestServer): Promise<ReportWorld> {
  const api = apiClient(server.url);
  const adminId = await server.createUser({
    username: 'boss',
    password: PASSWORD,
    role: 'admin',
    first_name: 'Ana',
    last_name: 'Marín',
  });
  const admin = await signIn(api, 'boss', PASSWORD);
  const byDescription = (text: string) => (row: Row) => row.description === text;
  const lookups: Lookups = {
    coil: await lookup(api, admin, 'commodity', 'code=coil', () => true, { name: 'Coil', code: 'coil' }),
    discharge: await lookup(api, admin, 'project-activity', 'operation=Discharge', () => true, {
      name: 'Discharge',
      operation: 'Discharge',
    }),
    working: await lookup(api, admin, 'event', 'kind=working', () => true, {
      description: 'Working shift',
      kind: 'working',
    }),
    rain: await lookup(api, admin, 'event', 'search=Rain', byDescription('Rain'), {
      description: 'Rain',
      kind: 'stoppage',
      delay_attribution: 'weather',
    }),
    crane: await lookup(api, admin, 'event', 'search=Crane%20breakdown', byDescription('Crane breakdown'), {
      description: 'Crane breakdown',
      kind: 'stoppage',
      delay_attribution: 'stevedore',
    }),
    arrived: await lookup(api, admin, 'event', 'search=Vessel%20arrived', byDescription('Vessel arrived'), {
      description: 'Vessel arrived',
      kind: 'milestone',
    }),
    status: await lookup(api, admin, 'report-status', 'search=Draft', () => true, { description: 'Draft' }),
  };
  const customer = (await must(api, admin, 'POST', '/api/accounts/', { trade_name: 'Aceros del Turia' })).id;
  const other = (await must(api, admin, 'POST', '/api/accounts/', { trade_name: 'Other Steel' })).id;
  const vessel = (await must(api, admin, 'POST', '/api/vessel/', { name: 'MV Nordic Star' })).id;
  const port = (await must(api, admin, 'POST', '/api/port/', { name: 'Sagunto' })).id;
  const newProject = async (code: string, extra: object = {}) =>
    (
      await must(api, admin, 'POST', '/api/project/', {
        code,
        name: `Call ${code}`,
        vessel,
        port,
        customer,
        activity: lookups.discharge,
        init_date: '2026-11-20',
        end_date: '2026-11-22',
        voyage: '042W',
        ...extra,
      })
    ).id;

  const project = await newProject('NS-042', { agency: INJECTION });
  const at = (day: number, time: string) => `2026-11-${day}T${time}:00Z`;
  const event = async (projectId: string, type: string, init: string, end: string | null, notes?: string) =>
    (
      await must(api, admin, 'POST', '/api/project-event/', {
        project: projectId,
        event: type,
        init_date: init,
        end_date: end,
        notes,
        number_gangs: 2,
      })
    ).id;
  const shift = await event(project, lookups.working, at(21, '06:00'), at(21, '18:00'), INJECTION);
  await event(project, lookups.arrived, at(20, '22:30'), null);
  await event(project, lookups.rain, at(21, '13:00'), at(21, '15:00'));
  await event(project, lookups.crane, at(21, '17:00'), at(21, '19:00'));
  const hand = async (eventId: string, init: string, end: string, description: string) =>
    (
      await must(api, admin, 'POST', '/api/hand/', {
        event: eventId,
        activity: lookups.discharge,
        init_date: init,
        end_date: end,
        description,
        gang_no: 1,
      })
    ).id;
  const h1 = await hand(shift, at(21, '06:00'), at(21, '14:00'), 'Morning gang');
  const h2 = await hand(shift, at(21, '10:00'), at(21, '18:00'), 'Day gang');
  const lift1 = '0190a000-0000-7000-8000-000000000001';
  const lift2 = '0190a000-0000-7000-8000-000000000002';
  const items: [string, string, string, number, string | null, string, string[]?][] = [
    [INJECTION_REF, h1, '1000.125', 1, lift1, at(21, '07:10'), ['wrapping']],
    ['C-0002', h1, '2000.250', 1, lift1, at(21, '07:10')],
    ['C-0003', h1, '3000.333', 2, lift2, at(21, '08:00')],
    ['C-0004', h2, '1500.001', 2, null, at(21, '11:00')],
    ['C-0005', h2, '1499.999', 2, null, at(21, '11:30')],
  ];
  for (const [reference, handId, weight, hold, lift, when, damage] of items)
    await must(api, admin, 'POST', '/api/packing-list/', {
      project,
      reference,
      commodity: lookups.coil,
      net_weight: weight,
      gross_weight: weight,
      processed_quantity: '1',
      validated: true,
      validation_datetime: when,
      validation_hand: handId,
      validation_hold: hold,
      validation_prompter_identifier: adminId,
      lift_id: lift,
      damage: damage ?? [],
    });
  await must(api, admin, 'POST', '/api/packing-list/', {
    project,
    reference: 'C-0006',
    commodity: lookups.coil,
    net_weight: '999.000',
    damage: ['opened_packing'],
    requires_attention: true,
  });
  // A second tablet validated C-0002 offline too: the server refuses it (the coil report's exceptions).
  const second = (
    await must<{ results: { id: string }[] }>(
      api,
      admin,
      'GET',
      `/api/packing-list/?project=${project}&reference=C-0002`,
    )
  ).results[0]?.id;
  const refused = await must<{ results: { status: string }[] }>(api, admin, 'POST', '/api/sync/push/', {
    client_id: '0190a000-0000-7000-8000-0000000000aa',
    mutations: [
      {
        mutation_id: '0190a000-0000-7000-8000-0000000000ab',
        seq: 1,
        resource: 'packing-list',
        op: 'update',
        id: second,
        data: {
          validated: true,
          validation_hand: h2,
          validation_hold: 3,
          validation_datetime: at(21, '09:40'),
        },
        occurred_at: at(21, '09:40'),
      },
    ],
  });
  if (refused.results[0]?.status !== 'conflict') throw new Error('the second validation was not refused');

  const stopped = await newProject('NS-043');
  const stoppedShift = await event(stopped, lookups.working, at(21, '08:00'), at(21, '10:00'));
  await event(stopped, lookups.rain, at(21, '07:00'), at(21, '11:00'));
  const stoppedHand = await hand(stoppedShift, at(21, '08:00'), at(21, '10:00'), 'Rained off');
  await must(api, admin, 'POST', '/api/packing-list/', {
    project: stopped,
    reference: 'S-1',
    commodity: lookups.coil,
    net_weight: '25000.000',
    validated: true,
    validation_hand: stoppedHand,
    validation_datetime: at(21, '09:00'),
  });

  const empty = await newProject('NS-044');

  // Saturday 24 October 20:00 CEST to Sunday 25 October 20:00 CET (18:00 to 19:00 UTC): 25 hours, the
  // hour 02:00-03:00 twice. Rain from 02:30 CEST to 02:30 CET (00:30 to 01:30 UTC).
  const dst = await newProject('NS-045', { init_date: '2026-10-24', end_date: '2026-10-25' });
  const dstShift = await event(dst, lookups.working, '2026-10-24T18:00:00Z', '2026-10-25T19:00:00Z');
  await event(dst, lookups.rain, '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z');
  const dstHand = await hand(dstShift, '2026-10-24T18:00:00Z', '2026-10-25T19:00:00Z', 'Night gang');
  const dstItems: [string, string, string][] = [
    ['D-1', '2026-10-24T21:59:00Z', '1000.000'], // 23:59 CEST, Saturday
    ['D-2', '2026-10-24T22:01:00Z', '2000.000'], // 00:01 CEST, Sunday
    ['D-3', '2026-10-25T00:45:00Z', '3000.000'], // 02:45 CEST, the first 02:45
    ['D-4', '2026-10-25T01:45:00Z', '4000.000'], // 02:45 CET, the second
  ];
  for (const [reference, when, weight] of dstItems)
    await must(api, admin, 'POST', '/api/packing-list/', {
      project: dst,
      reference,
      commodity: lookups.coil,
      net_weight: weight,
      validated: true,
      validation_datetime: when,
      validation_hand: dstHand,
      validation_hold: 1,
    });
  const foreign = await newProject('OT-001', { customer: other });
  const customerToken = (
    await must<{ token: string }>(api, admin, 'POST', `/api/accounts/${customer}/tokens/`, { name: 'ERP' })
  ).token;
  return { api, admin, adminId, lookups, customer, project, stopped, empty, foreign, customerToken, dst };
}
