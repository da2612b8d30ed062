// Validation through the real API: errors name the field; the spec's rules (coil report, label
// colors, decimals, hands under working shifts, references unique per project); and hostile filter
// values that must match literally and never break the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_LIMITS } from '../../../server/resources/engine/limits.js';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { type Body, type Fixtures, fixtures, type Row, token } from '../fixtures.js';

let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
});
afterAll(async () => {
  await server?.close();
});

const post = (name: string, body: unknown) =>
  f.api<Row>('POST', `/api/${name}/`, { token: f.adminToken, body });

/** POST `body` over a valid one; expects a 400 whose errors name `field`. */
async function refused(
  name: Parameters<Fixtures['body']>[0],
  changes: Body,
  field: string,
  message?: RegExp,
) {
  const body = { ...(await f.body(name)), ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete body[key];
  const response = await post(name, body);
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  const errors = response.body as unknown as Record<string, string[]>;
  expect(Object.keys(errors), JSON.stringify(errors)).toContain(field);
  if (message) expect(errors[field].join(' ')).toMatch(message);
}

type Refusal = [
  title: string,
  name: Parameters<Fixtures['body']>[0],
  changes: Body,
  field: string,
  message?: RegExp,
];

describe('validation errors name the field', () => {
  it.each<Refusal>([
    ['a wrong type', 'project', { name: 123 }, 'name', /valid string/],
    ['a wrong type (int)', 'project', { number_gangs: 'many' }, 'number_gangs', /integer|number/i],
    ['a missing required field', 'packing-list', { reference: undefined }, 'reference', /required/],
    ['null in a required field', 'packing-list', { commodity: null }, 'commodity', /null/],
    ['an invalid date', 'project', { init_date: '2026-02-30' }, 'init_date', /2026-02-30/],
    [
      'an invalid date-time',
      'hand',
      { init_date: '2026-02-30T10:00', end_date: undefined },
      'init_date',
      /date/,
    ],
    ['a negative count', 'hand', { crew_count: -1 }, 'crew_count', /greater than or equal to 0/],
    ['a negative count (project)', 'project', { number_gangs: -3 }, 'number_gangs', /0/],
    ['an end before a start', 'hand', { end_date: '2026-11-01T05:00:00.000Z' }, 'end_date', /after/],
    [
      'an end before a start (project)',
      'project',
      { init_date: '2026-05-02', end_date: '2026-05-01' },
      'end_date',
      /before/,
    ],
    ['a decimal with text', 'packing-list', { quantity: '12abc' }, 'quantity', /number/],
    ['a negative decimal', 'packing-list', { net_weight: '-1' }, 'net_weight', /0/],
    ['too many decimals', 'remaining-parts', { quantity: '1.2345' }, 'quantity', /3 decimal places/],
    ['too many digits', 'remaining-parts', { quantity: '123456789012.345' }, 'quantity', /digits/],
    [
      'a gross weight under the net',
      'packing-list',
      { net_weight: '10', gross_weight: '9.999' },
      'gross_weight',
      /net_weight/,
    ],
    ['a malformed ref', 'project', { customer: 'acme' }, 'customer', /UUID/],
    [
      'a ref to nothing',
      'project',
      { customer: '0190a4e2-0000-7000-8000-000000000000' },
      'customer',
      /does not exist/,
    ],
    ['an unknown choice', 'packing-list', { location: 'moon' }, 'location', /not a valid choice/],
    [
      'a text too long',
      'container-report',
      { container_number: 'X'.repeat(21) },
      'container_number',
      /20 characters/,
    ],
    ['a blank required text', 'incidence', { description: '   ' }, 'description', /blank/],
    ['a list given a text', 'incidence', { users_interested: 'all' }, 'users_interested', /list/],
    ['a malformed id', 'country', { id: 'one' }, 'id', /UUID/],
    ['a NUL character', 'project', { remarks: 'a\u0000b' }, 'remarks', /Null characters/],
    ['a NUL character in a list', 'packing-list', { location: '\u0000' }, 'location'],
    ['a lone surrogate', 'project', { remarks: 'a\ud800b' }, 'remarks', /valid string/],
  ])('%s', async (_, name, changes, field, message) => {
    await refused(name, changes, field, message);
  });

  it('refuses a body that is not an object', async () => {
    for (const body of [[1, 2], 'text', 7]) {
      const response = await post('country', body);
      expect(response.status).toBe(400);
      expect(response.body).toHaveProperty('non_field_errors');
    }
    const broken = await f.api('POST', '/api/country/', {
      token: f.adminToken,
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });

  it('validates a PATCH merged over the stored record', async () => {
    const hand = await f.create('hand');
    const response = await f.api('PATCH', `/api/hand/${hand.id}/`, {
      token: f.staffToken,
      body: { end_date: '2026-10-31T00:00:00.000Z' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toHaveProperty('end_date');
  });

  it('ignores server-set and unknown fields: a hand takes its project from its event', async () => {
    const other = await f.create('project');
    const event = await f.ref('project-event');
    const response = await post('hand', { event, project: other.id, version: 99, secret: 'x' });
    expect(response.status).toBe(201);
    expect((response.body.project as { id: string }).id).toBe(await f.project());
    expect(response.body.version).toBe(1);
    expect(response.body).not.toHaveProperty('secret');
  });
});

describe("the spec's rules", () => {
  it('a coil report needs commodity and activity', async () => {
    await refused('coil-report', { commodity: undefined }, 'commodity', /required/);
    await refused('coil-report', { activity: undefined }, 'activity', /required/);
    await refused('coil-report', { activity: null }, 'activity', /null/);
  });

  it('label colors only for aluminium, each once', async () => {
    const aluminium = await f.commodity('aluminium');
    await refused('packing-list', { label_color: ['red'] }, 'label_color', /aluminium/);
    await refused(
      'packing-list',
      { commodity: aluminium, label_color: ['red', 'red'] },
      'label_color',
      /more than once/,
    );
    await refused('packing-list', { commodity: aluminium, label_color: ['ultraviolet'] }, 'label_color');
    const ok = await post('packing-list', {
      ...(await f.body('packing-list')),
      commodity: aluminium,
      label_color: ['red', 'blue'],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.label_color).toEqual(['red', 'blue']);
    // Changing the commodity of a labelled item to coil breaks the rule.
    const patch = await f.api('PATCH', `/api/packing-list/${ok.body.id}/`, {
      token: f.staffToken,
      body: { commodity: await f.commodity('coil') },
    });
    expect(patch.status).toBe(400);
    expect(patch.body).toHaveProperty('label_color');
    await refused('packing-list', { commodity: aluminium, damage: ['dent'] }, 'damage');
  });

  it('decimal quantities are exact', async () => {
    const cases: [unknown, string][] = [
      ['0.1', '0.100'],
      [0.1, '0.100'],
      ['12345678901.237', '12345678901.237'],
      [12345678901.237, '12345678901.237'],
      ['99999999999.999', '99999999999.999'],
      ['007.5', '7.500'],
      ['0', '0.000'],
    ];
    for (const [quantity, stored] of cases) {
      const response = await post('remaining-parts', { project: await f.project(), quantity });
      expect(response.status, String(quantity)).toBe(201);
      expect(response.body.quantity).toBe(stored);
      const rows = await server.query('select quantity::text as q from remaining_parts where id = $1', [
        response.body.id,
      ]);
      expect(rows[0].q).toBe(stored);
    }
    // 0.1 + 0.2 in floats is 0.30000000000000004: the server adds nothing in floats.
    const item = await post('packing-list', {
      ...(await f.body('packing-list')),
      quantity: '0.3',
      processed_quantity: '0.2',
    });
    expect(item.body).toMatchObject({ quantity: '0.300', processed_quantity: '0.200' });
  });

  it("a hand only under a 'Working shift' event", async () => {
    const milestone = await f.create('event', { description: `Arrival ${token()}`, kind: 'milestone' });
    const stop = await f.create('project-event', { event: milestone.id });
    await refused('hand', { event: stop.id }, 'event', /Working shift/);
    // Nor moved there afterwards.
    const hand = await f.create('hand');
    const moved = await f.api('PATCH', `/api/hand/${hand.id}/`, {
      token: f.staffToken,
      body: { event: stop.id },
    });
    expect(moved.status).toBe(400);
    expect(moved.body).toHaveProperty('event');
  });

  it('references are unique within a project, not across projects, and free again once deleted', async () => {
    const reference = `COIL-${token(10)}`;
    const first = await f.create('packing-list', { reference });
    await refused('packing-list', { reference }, 'reference', /already exists/);
    await refused('packing-list', { reference: ` ${reference} ` }, 'reference', /already exists/);
    const other = await f.create('project');
    const elsewhere = await post('packing-list', {
      ...(await f.body('packing-list', { project: other.id })),
      reference,
    });
    expect(elsewhere.status).toBe(201);
    const second = await f.create('packing-list');
    const clash = await f.api('PATCH', `/api/packing-list/${second.id}/`, {
      token: f.staffToken,
      body: { reference },
    });
    expect(clash.status).toBe(400);
    expect(clash.body).toHaveProperty('reference');
    await f.api('DELETE', `/api/packing-list/${first.id}/`, { token: f.staffToken });
    const again = await post('packing-list', { ...(await f.body('packing-list')), reference });
    expect(again.status).toBe(201);
  });

  it('a validation hand of another project is refused', async () => {
    const other = await f.create('project');
    const foreign = await f.create('hand', {}, { project: other.id });
    await refused('packing-list', { validation_hand: foreign.id }, 'validation_hand', /another project/);
  });
});

describe('hostile filter values', () => {
  const hostile = [
    "'",
    '"',
    '\\',
    "' OR 1=1 --",
    '; drop table project',
    "'); delete from project; --",
    '%',
    '_',
    '%%',
    '漢字 🚢 ñ',
    '\u0000',
    'x'.repeat(10_240),
    '$' + '{jndi:ldap://x}',
  ];
  const textFilters: [string, string][] = [
    ['project', 'search'],
    ['packing-list', 'reference'],
    ['accounts', 'trade_name'],
    ['incidence', 'description'],
    ['container-report', 'container_number'],
    ['users', 'search'],
    ['port', 'search'],
  ];
  let percent: Row;
  let plain: Row;
  let underscore: Row;

  beforeAll(async () => {
    percent = await f.create('project', { name: 'Discount 50% off' });
    plain = await f.create('project', { name: 'Discount 50 off' });
    underscore = await f.create('project', { name: 'Lot A_B' });
    await f.create('project', { name: 'Lot AxB' });
  });

  it.each(textFilters)('%s?%s= answers 200 with no stray match', async (name, filter) => {
    for (const value of hostile) {
      const response = await f.api<{ count: number }>(
        'GET',
        `/api/${name}/?${filter}=${encodeURIComponent(value)}`,
        {
          token: f.adminToken,
        },
      );
      if (value.length > FILTER_LIMITS.valueLength) {
        // Past the length a list parameter may have: refused before any SQL, naming the parameter.
        expect(response.status, `${name}?${filter}=${value.slice(0, 20)}`).toBe(400);
        expect(Object.keys(response.body)).toEqual([filter]);
        continue;
      }
      expect(response.status, `${name}?${filter}=${value.slice(0, 20)}`).toBe(200);
      if (value !== '%' && value !== '_') expect(response.body.count, value.slice(0, 20)).toBe(0);
    }
  });

  it('matches % and _ literally', async () => {
    const search = async (value: string) => {
      const response = await f.api<{ results: Row[] }>(
        'GET',
        `/api/project/?search=${encodeURIComponent(value)}`,
        {
          token: f.adminToken,
        },
      );
      return response.body.results.map((row) => row.id);
    };
    const fifty = await search('50%');
    expect(fifty).toContain(percent.id);
    expect(fifty).not.toContain(plain.id);
    expect(await search('A_B')).toEqual([underscore.id]);
  });

  it('typed filters refuse hostile values with a 400, never a 500', async () => {
    for (const value of hostile) {
      for (const query of [
        'project',
        'validation_hold',
        'validated',
        'validation_datetime_after',
        'lift_id',
      ]) {
        const response = await f.api('GET', `/api/packing-list/?${query}=${encodeURIComponent(value)}`, {
          token: f.adminToken,
        });
        expect(response.status, `${query}=${value.slice(0, 20)}`).toBe(400);
      }
      const location = await f.api<{ count: number }>(
        'GET',
        `/api/packing-list/?location=${encodeURIComponent(value)}`,
        {
          token: f.adminToken,
        },
      );
      if (value.length > FILTER_LIMITS.valueLength) {
        expect(location.status).toBe(400);
        continue;
      }
      expect(location.status).toBe(200);
      expect(location.body.count).toBe(0);
    }
  });

  it('still has its tables afterwards', async () => {
    const rows = await server.query('select count(*)::int as n from project');
    expect(rows[0].n).toBeGreaterThan(3);
  });
});
