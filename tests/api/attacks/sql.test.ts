// SQL fragments in every list filter and in `ordering`, on every resource of the registry (and in
// the sync pull's scope and cursor): the right rows (text matched literally), a 400 naming the
// parameter only where the value is of the wrong type (ids, numbers, dates, booleans), never a 500,
// and nothing run (no table dropped, no role changed, no row written).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { type ResourceName, resourceNames, resources } from '../../../src/domain/registry.js';
import type { FilterDef, Resource } from '../../../src/domain/resource.js';
import { type Fixtures, fixtures, type Row, unique } from '../fixtures.js';

let server: TestServer;
let f: Fixtures;

const SQL_PAYLOADS = [
  "' or '1'='1",
  "x'); drop table country; --",
  "1; update users set role = 'admin'",
  "' union select password_hash, null from users --",
  '1) or (1=1',
  '*/ or 1=1 /*',
  '$$ || pg_sleep(3) || $$',
  '%',
  '_',
  '\\',
  '"; select 1; --',
  "E'\\x00'",
  'a\u0000b',
];

/** Stored in a text field and then searched for: found exactly, as typed. */
const STORED = "' OR 1=1; DROP TABLE users; --%_\\";

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
});
afterAll(async () => {
  await server?.close();
});

type Page = { count: number; results: Row[] };
const get = (path: string) => f.api<Page>('GET', path, { token: f.adminToken });
const q = (value: string) => encodeURIComponent(value);

const fieldsOf = (resource: Resource) => ({ ...resource.fields, ...resource.readOnlyFields });
/** Kinds whose value is checked: a text there is the wrong type. */
const TYPED = new Set(['ref', 'uuid', 'refList', 'int', 'decimal', 'date', 'datetime', 'bool']);

const textOf = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '');

async function state() {
  const rows = await server.query(`select
    (select count(*) from audit_log)::int as audit,
    (select count(*) from users where role = 'admin')::int as admins,
    (select count(*) from country)::int as countries,
    (select count(*) from users)::int as users`);
  return rows[0];
}

/**
 * A record of `name` holding STORED in `field`; null where the API cannot make one that way (users and
 * attachments have their own routes, commodities four fixed codes, container numbers a format).
 */
async function storedIn(name: ResourceName, field: string): Promise<Row | null> {
  if (['attachment', 'users', 'commodity', 'container-report'].includes(name)) return null;
  const max = fieldsOf(resources[name] as Resource)[field].info.maxLength ?? 255;
  const value = `Zq${unique()}${STORED}`.slice(0, max);
  return { ...(await f.create(name, { [field]: value })), stored: value };
}

const listed = resourceNames.filter((name) => resources[name].filters.length > 0);

describe.each(listed)('%s', (name) => {
  const resource = resources[name] as Resource;

  it.each(resource.filters.map((filter) => [filter.name, filter] as const))(
    'filter %s takes SQL as data',
    async (_, filter: FilterDef) => {
      const before = await state();
      if (filter.kind === 'icontains') {
        const made = await storedIn(name, filter.fields[0]);
        if (made) {
          const found = await get(`/api/${name}/?page_size=999&${filter.name}=${q(String(made.stored))}`);
          expect(found.status).toBe(200);
          expect(found.body.results.map((row) => row.id)).toEqual([made.id]);
        }
        const after = await state();
        for (const payload of SQL_PAYLOADS) {
          const answer = await get(`/api/${name}/?page_size=999&${filter.name}=${q(payload)}`);
          expect(answer.status, payload).toBe(200);
          // Every row holds the text, literally, in one of the searched fields.
          for (const row of answer.body.results)
            expect(
              filter.fields.some((field) => textOf(row[field]).includes(payload.toLowerCase())),
              `${payload} matched ${JSON.stringify(row)}`,
            ).toBe(true);
        }
        expect(await state()).toEqual(after);
        return;
      }
      const info = fieldsOf(resource)[filter.field].info;
      const names =
        filter.kind === 'range' ? [`${filter.name}_after`, `${filter.name}_before`] : [filter.name];
      for (const param of names)
        for (const payload of SQL_PAYLOADS) {
          const answer = await get(`/api/${name}/?${param}=${q(payload)}`);
          if (TYPED.has(info.kind)) {
            expect(answer.status, `${param}=${payload}`).toBe(400);
            expect(Object.keys(answer.body), payload).toEqual([param]);
          } else {
            // A text or a choice: matched as it is, so nothing matches.
            expect(answer.status, `${param}=${payload}`).toBe(200);
            expect(answer.body.results, payload).toEqual([]);
          }
        }
      expect(await state()).toEqual(before);
    },
  );
});

describe('ordering', () => {
  it.each(resourceNames)('%s ignores SQL in ordering and keeps its order', async (name) => {
    const before = await state();
    const plain = await get(`/api/${name}/?page_size=50`);
    expect(plain.status).toBe(200);
    const ids = plain.body.results.map((row) => row.id);
    const first = resources[name].ordering[0] ?? 'id';
    for (const payload of [...SQL_PAYLOADS, `${first}; drop table country`, 'id desc, (select 1)']) {
      const answer = await get(`/api/${name}/?page_size=50&ordering=${q(payload)}`);
      expect(answer.status, payload).toBe(200);
      expect(
        answer.body.results.map((row) => row.id),
        payload,
      ).toEqual(ids);
      // A known key next to SQL still orders by the known key.
      const mixed = await get(`/api/${name}/?page_size=50&ordering=${q(`${first},${payload}`)}`);
      expect(mixed.status, payload).toBe(200);
    }
    expect(await state()).toEqual(before);
  });
});

describe('paging and sync parameters', () => {
  it('answers SQL in page with "Invalid page.", ignores it in page_size, names scope and cursor', async () => {
    const before = await state();
    for (const payload of SQL_PAYLOADS) {
      const page = await get(`/api/project/?page=${q(payload)}`);
      expect(page.status, payload).toBe(404);
      expect(page.body).toEqual({ detail: 'Invalid page.' });
      expect((await get(`/api/project/?page_size=${q(payload)}`)).status, payload).toBe(200);
      const client = 'client_id=0190a4b2-0000-7000-8000-000000000001';
      const scope = await get(`/api/sync/pull/?${client}&scope=${q(`project:${payload}`)}`);
      expect(scope.status, payload).toBe(400);
      expect(Object.keys(scope.body)).toEqual(['scope']);
      const cursor = await get(`/api/sync/pull/?${client}&cursor=${q(payload)}`);
      expect(cursor.status, payload).toBe(400);
      expect(Object.keys(cursor.body)).toEqual(['cursor']);
    }
    expect(await state()).toEqual(before);
  });
});

describe('other places a client puts text', () => {
  it("takes SQL in an attachment list's filters, report options and write headers as data", async () => {
    const project = await f.create('project');
    const before = await state();
    for (const payload of SQL_PAYLOADS) {
      const base = `/api/project/${project.id}/attachments/`;
      const image = await get(`${base}?is_image=${q(payload)}`);
      expect(image.status, payload).toBe(400);
      expect(Object.keys(image.body)).toEqual(['is_image']);
      const zone = await get(`${base}?zone=${q(payload)}&name=${q(payload)}&ordering=${q(payload)}`);
      expect(zone.status, payload).toBe(200);
      expect(zone.body.results).toEqual([]);
      for (const option of ['report', 'time_zone', 'language']) {
        const made = await f.api('POST', `/api/project/${project.id}/make_sof_report/`, {
          token: f.adminToken,
          body: { [option]: payload },
        });
        expect(made.status, `${option}=${payload}`).toBe(400);
        expect(Object.keys(made.body as object)).toEqual([option]);
      }
      const ifMatch = await f.api('PATCH', `/api/project/${project.id}/`, {
        token: f.adminToken,
        body: { voyage: 'V1' },
        headers: { 'if-match': payload.replaceAll('\u0000', '') },
      });
      expect(ifMatch.status, payload).toBe(400);
    }
    expect(await state()).toEqual(before);
    // A key full of SQL is only a key: the write happens once and its replay answers the same.
    const key = "k'; delete from project; --";
    const first = await f.api('PATCH', `/api/project/${project.id}/`, {
      token: f.adminToken,
      body: { voyage: 'V2' },
      headers: { 'idempotency-key': key },
    });
    const again = await f.api('PATCH', `/api/project/${project.id}/`, {
      token: f.adminToken,
      body: { voyage: 'V2' },
      headers: { 'idempotency-key': key },
    });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await get('/api/project/?page_size=999')).body.count).toBeGreaterThan(0);
  });
});
