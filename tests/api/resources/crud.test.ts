// Every registry resource through the real API: create, read, list, PUT, PATCH of one field,
// concurrent PATCHes of two fields, If-Match, Idempotency-Key replays, create with an existing id,
// history, delete (tombstone) then read and list, and anonymous callers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { type ResourceName, resourceNames, resources } from '../../../src/domain/registry.js';
import {
  type Body,
  type Fixtures,
  fixtures,
  imoNumber,
  type Row,
  token,
  unique,
  unLocode,
} from '../fixtures.js';

let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
});
afterAll(async () => {
  await server?.close();
});

type Edit = [field: string, value: () => Promise<unknown> | unknown];

/** Two fields of each resource a test may change independently (a second is absent when there is none). */
const edits: Partial<Record<ResourceName, [Edit, Edit?]>> = {
  country: [
    ['name', () => `Country ${token()}`],
    ['code', () => token(2)],
  ],
  commodity: [['name', () => `Commodity ${token()}`]],
  port: [
    ['name', () => `Port ${token()}`],
    ['code', () => unLocode()],
  ],
  accounts: [
    ['trade_name', () => `Account ${token()}`],
    ['legal_name', () => `Legal ${token()} S.A.`],
  ],
  vessel: [
    ['name', () => `MV ${token()}`],
    ['imo', () => imoNumber()],
  ],
  'project-status': [['name', () => `Status ${token()}`]],
  'report-status': [['description', () => `Report ${token()}`]],
  'project-activity': [
    ['name', () => `Activity ${token()}`],
    ['operation', () => 'Charge'],
  ],
  event: [
    ['description', () => `Event ${token()}`],
    ['kind', () => 'milestone'],
  ],
  'crane-type': [['name', () => `Crane ${token()}`]],
  'incidence-status': [['name', () => `Incidence status ${token()}`]],
  'incidence-type': [
    ['name', () => `Incidence type ${token()}`],
    ['code', () => 'provider'],
  ],
  project: [
    ['name', () => `Project ${token()}`],
    ['voyage', () => `V${token(8)}`],
  ],
  'project-event': [
    ['notes', () => `Notes ${token()}`],
    ['number_gangs', () => 4],
  ],
  hand: [
    ['description', () => `Hand ${token()}`],
    ['foreman', () => `Foreman ${token()}`],
  ],
  'hand-event': [
    ['description', () => `Line ${token()}`],
    ['cellar', () => 'C2'],
  ],
  'hand-incidence': [
    ['issue_description', () => `Issue ${token()}`],
    ['hold', () => unique()],
  ],
  'packing-list': [
    ['zone', () => `A-${unique()}`],
    ['packing', () => 'Bundle'],
  ],
  'remaining-parts': [
    ['quantity', () => `${unique()}.250`],
    ['label_color', () => ['red']],
  ],
  incidence: [
    ['description', () => `Incidence ${token()}`],
    ['solution', () => `Fixed ${token()}`],
  ],
  'coil-report': [
    ['agency', () => `Agency ${token()}`],
    ['remarks', () => `Remarks ${token()}`],
  ],
  'sof-report': [
    ['berthing_wharf', () => `Wharf ${token(6)}`],
    ['remarks', () => `Remarks ${token()}`],
  ],
  'prompter-report': [
    ['hold', () => unique()],
    ['hand', () => f.ref('hand')],
  ],
  'container-report': [
    ['container_number', () => `TGHU${token(6)}`],
    ['external_others', () => 'Dent'],
  ],
};

/** What a read shows for a written value: refs as {id, ...}, the rest as written. */
function expectShown(row: Row, field: string, value: unknown) {
  const shown = row[field];
  if (shown && typeof shown === 'object' && !Array.isArray(shown) && 'id' in shown)
    expect((shown as { id: unknown }).id, field).toBe(value);
  else expect(shown, field).toEqual(value);
}

const listIds = async (name: string, query = '') => {
  const response = await f.api<{ results: Row[] }>('GET', `/api/${name}/?page_size=999${query}`, {
    token: f.adminToken,
  });
  expect(response.status).toBe(200);
  return response.body.results.map((row) => row.id);
};

const rowCount = async (name: ResourceName, id: string) => {
  const rows = await server.query(`select count(*)::int as n from ${resources[name].table} where id = $1`, [
    id,
  ]);
  return rows[0].n;
};

// Resources the generic engine writes and updates (users and attachments have their own routes; SOF
// signatures are never changed once made: server/resources/sof-signature.test.ts).
const writable = resourceNames.filter(
  (name) => resources[name].writableBy !== null && !resources[name].immutable,
);

it('knows two fields to edit of every resource the engine writes', () => {
  expect(writable.filter((name) => !edits[name])).toEqual([]);
});

describe.each(writable.filter((name) => edits[name]))('%s', (name) => {
  const path = `/api/${name}/`;
  const [first, second] = edits[name] ?? [['', () => null]];
  let body: Body;
  let created: Row;

  beforeAll(async () => {
    // The commodity codes are unique and few: free the one the body uses.
    if (name === 'commodity') {
      const taken = await server.query(
        `select id from commodity where code = 'other' and deleted_at is null`,
      );
      for (const row of taken) await f.api('DELETE', `${path}${row.id}/`, { token: f.adminToken });
    }
    body = await f.body(name);
  });

  it('creates, reads and lists', async () => {
    const response = await f.api<Row>('POST', path, { token: f.adminToken, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    created = response.body;
    expect(created.version).toBe(1);
    for (const [field, value] of Object.entries(body)) expectShown(created, field, value);
    const read = await f.api<Row>('GET', `${path}${created.id}/`, { token: f.staffToken });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
    expect(read.headers.get('etag')).toBe('"1"');
    expect(await listIds(name)).toContain(created.id);
  });

  it('replaces with PUT and changes one field with PATCH', async () => {
    const value = await first[1]();
    const put = await f.api<Row>('PUT', `${path}${created.id}/`, {
      token: f.adminToken,
      body: { ...body, [first[0]]: value },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.version).toBe(2);
    expectShown(put.body, first[0], value);

    // A PUT must carry every required field.
    const required = Object.entries(resources[name].fields).find(([, field]) => field.info.required);
    if (required) {
      const partial = { ...body };
      delete partial[required[0]];
      const missing = await f.api('PUT', `${path}${created.id}/`, { token: f.adminToken, body: partial });
      expect(missing.status).toBe(400);
      expect(missing.body).toHaveProperty(required[0]);
    }

    const other = await first[1]();
    const patch = await f.api<Row>('PATCH', `${path}${created.id}/`, {
      token: f.adminToken,
      body: { [first[0]]: other },
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    expect(patch.body.version).toBe(3);
    expectShown(patch.body, first[0], other);
    for (const [field, before] of Object.entries(body))
      if (field !== first[0]) expectShown(patch.body, field, before);
    created = patch.body;
  });

  it('keeps both fields of two concurrent PATCHes; If-Match mismatch is a 412', async () => {
    if (second) {
      const [a, b] = [await first[1](), await second[1]()];
      const responses = await Promise.all([
        f.api('PATCH', `${path}${created.id}/`, { token: f.adminToken, body: { [first[0]]: a } }),
        // Staff where staff may write, so two users' changes meet.
        f.api('PATCH', `${path}${created.id}/`, {
          token: resources[name].writableBy === 'staff' ? f.staffToken : f.adminToken,
          body: { [second[0]]: b },
        }),
      ]);
      expect(responses.map((r) => r.status)).toEqual([200, 200]);
      const read = await f.read(name, created.id);
      expectShown(read, first[0], a);
      expectShown(read, second[0], b);
      expect(read.version).toBe(created.version + 2);
      created = read;
    }
    const stale = await f.api('PATCH', `${path}${created.id}/`, {
      token: f.adminToken,
      headers: { 'if-match': String(created.version - 1) },
      body: { [first[0]]: await first[1]() },
    });
    expect(stale.status).toBe(412);
    const fresh = await f.api<Row>('PATCH', `${path}${created.id}/`, {
      token: f.adminToken,
      headers: { 'if-match': `"${created.version}"` },
      body: { [first[0]]: await first[1]() },
    });
    expect(fresh.status).toBe(200);
    created = fresh.body;
  });

  it('lists who changed what from what to what', async () => {
    const history = await f.api<{
      results: { action: string; changes: Record<string, unknown>; user: { id: string } }[];
    }>('GET', `${path}${created.id}/history/`, { token: f.staffToken });
    expect(history.status).toBe(200);
    const entries = history.body.results;
    expect(entries[0].action).toBe('create');
    expect(entries[0].user.id).toBe(f.adminId);
    const put = entries[1];
    expect(put.action).toBe('update');
    expect(put.changes[first[0]]).toHaveProperty('from');
    expect(put.changes[first[0]]).toHaveProperty('to');
    expect(entries.at(-1)?.changes[first[0]]).toEqual({
      from: expect.anything(),
      to: typeof created[first[0]] === 'object' ? expect.anything() : created[first[0]],
    });
  });

  it('replays a write with the same Idempotency-Key; another body with that key is a 422', async () => {
    const again = await f.body(name === 'commodity' ? 'country' : name);
    if (name === 'commodity') return; // the codes are unique and all taken: covered by the other resources
    const key = `key-${token()}`;
    const headers = { 'idempotency-key': key };
    const one = await f.api<Row>('POST', path, { token: f.adminToken, body: again, headers });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.headers.get('idempotent-replayed')).toBeNull();
    const two = await f.api<Row>('POST', path, { token: f.adminToken, body: again, headers });
    expect(two.status).toBe(201);
    expect(two.body).toEqual(one.body);
    expect(two.headers.get('idempotent-replayed')).toBe('true');
    expect(await rowCount(name, one.body.id)).toBe(1);
    const rows = await server.query(
      `select count(*)::int as n from ${resources[name].table} where created_at >= $1`,
      [one.body.created_at],
    );
    expect(rows[0].n).toBe(1);
    const other = await f.api('POST', path, {
      token: f.adminToken,
      body: { ...again, [first[0]]: await first[1]() },
      headers,
    });
    expect(other.status).toBe(422);
  });

  it('answers a create of an existing id with the same content as the first time, one row', async () => {
    if (name === 'commodity') return;
    const withId = { ...(await f.body(name)), id: (await import('../../../src/domain/ids.js')).uuidv7() };
    const one = await f.api<Row>('POST', path, { token: f.adminToken, body: withId });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body.id).toBe(withId.id);
    const two = await f.api<Row>('POST', path, { token: f.adminToken, body: withId });
    expect([200, 201]).toContain(two.status);
    expect(two.body).toEqual(one.body);
    expect(await rowCount(name, String(withId.id))).toBe(1);
  });

  it('deletes by tombstone: read 404, absent from the list, row kept', async () => {
    const response = await f.api('DELETE', `${path}${created.id}/`, { token: f.adminToken });
    expect(response.status).toBe(204);
    expect((await f.api('GET', `${path}${created.id}/`, { token: f.adminToken })).status).toBe(404);
    expect(await listIds(name)).not.toContain(created.id);
    expect((await f.api('DELETE', `${path}${created.id}/`, { token: f.adminToken })).status).toBe(404);
    expect((await f.api('PATCH', `${path}${created.id}/`, { token: f.adminToken, body: {} })).status).toBe(
      404,
    );
    const rows = await server.query(`select deleted_at from ${resources[name].table} where id = $1`, [
      created.id,
    ]);
    expect(rows[0].deleted_at).not.toBeNull();
  });

  it('answers 401 to anonymous callers, for every method', async () => {
    const id = created.id;
    for (const [method, url] of [
      ['GET', path],
      ['GET', `${path}${id}/`],
      ['GET', `${path}${id}/history/`],
      ['POST', path],
      ['PUT', `${path}${id}/`],
      ['PATCH', `${path}${id}/`],
      ['DELETE', `${path}${id}/`],
    ] as const) {
      const response = await f.api(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? {} : { body: body },
      );
      expect(response.status, `${method} ${url}`).toBe(401);
    }
  });
});

describe('users', () => {
  it('is read by everyone signed in, written by admins only (server/users tests the rest)', async () => {
    const list = await f.api<{ results: Row[] }>('GET', '/api/users/?search=', { token: f.staffToken });
    expect(list.status).toBe(200);
    expect(list.body.results.map((row) => row.id)).toContain(f.adminId);
    const read = await f.api<Row>('GET', `/api/users/${f.staffId}/`, { token: f.staffToken });
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('password_hash');
    const post = await f.api('POST', '/api/users/', { token: f.staffToken, body: { username: 'x' } });
    expect(post.status).toBe(403);
    const patch = await f.api('PATCH', `/api/users/${f.staffId}/`, {
      token: f.staffToken,
      body: { first_name: 'X' },
    });
    expect(patch.status).toBe(403);
    expect((await f.api('GET', '/api/users/')).status).toBe(401);
  });
});

describe('Idempotency-Key under concurrency', () => {
  it('two identical writes at once with one key make one row; both get its answer', async () => {
    const body = await f.body('packing-list');
    const headers = { 'idempotency-key': `race-${token()}` };
    const answers = await Promise.all(
      [0, 1, 2].map(() => f.api<Row>('POST', '/api/packing-list/', { token: f.staffToken, body, headers })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    const rows = await server.query('select count(*)::int as n from packing_list where reference = $1', [
      body.reference,
    ]);
    expect(rows[0].n).toBe(1);
  });
});

describe('a create with its own id under concurrency', () => {
  it('three identical creates of one id at once make one row and all succeed', async () => {
    const { uuidv7 } = await import('../../../src/domain/ids.js');
    const body = { ...(await f.body('incidence')), id: uuidv7() };
    const answers = await Promise.all(
      [0, 1, 2].map(() => f.api<Row>('POST', '/api/incidence/', { token: f.staffToken, body })),
    );
    // Each repeat answers as the first create did.
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(answers.every((answer) => answer.body.id === body.id && answer.body.version === 1)).toBe(true);
  });
});
