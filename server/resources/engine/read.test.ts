// A list's rows are built as JSON by the database, a single read's as values by the driver: both must
// give every resource's fields the same wire values, including timestamps with microseconds, times
// with and without seconds, decimals, dates, JSON fields and refs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ResourceName, resourceNames, resources } from '../../../src/domain/registry.js';
import { type Fixtures, fixtures, type Row } from '../../../tests/api/fixtures.js';
import { startTestServer, type TestServer } from '../../testing.js';

let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
});
afterAll(async () => {
  await server?.close();
});

async function listed(name: ResourceName, row: Row): Promise<Row | undefined> {
  const resource = resources[name];
  const query =
    resource.scope === 'project' && resource.projectField && typeof row[resource.projectField] === 'object'
      ? `?${resource.projectField}=${(row[resource.projectField] as { id: string }).id}&page_size=1000`
      : '?ordering=-created_at&page_size=50';
  const list = await f.api<{ results: Row[] }>('GET', `/api/${name}/${query}`, { token: f.adminToken });
  expect(list.status).toBe(200);
  return list.body.results.find((item) => item.id === row.id);
}

describe('list rows and single reads agree', () => {
  it.each(resourceNames.filter((name) => resources[name].writableBy !== null && name !== 'attachment'))(
    '%s',
    async (name) => {
      // Commodities are a fixed set (their codes are unique): an existing one.
      const created = name === 'commodity' ? await f.read(name, await f.ref(name)) : await f.create(name);
      const read = await f.api<Row>('GET', `/api/${name}/${created.id}/`, { token: f.adminToken });
      expect(read.status).toBe(200);
      expect(await listed(name, created)).toEqual(read.body);
    },
  );

  it('for stored values the API would not write itself', async () => {
    const item = await f.create('packing-list', { net_weight: '1250.5', quantity: '3' });
    await server.query(
      `update packing_list set validation_datetime = '2026-03-29 01:30:00.123456+02', validated = true,
         updated_at = '1999-12-31 23:59:59.999999+00' where id = $1`,
      [item.id],
    );
    const event = await f.create('hand-event');
    await server.query("update hand_event set hour_from = '07:30:15.5', hour_to = '18:00' where id = $1", [
      event.id,
    ]);
    const project = await f.create('project');
    await server.query(
      `update project set project_summary = '{"b": [1, 2.50, "x\\"y"], "a": null}', init_date = '2026-02-28'
         where id = $1`,
      [project.id],
    );
    for (const [name, row] of [
      ['packing-list', item],
      ['hand-event', event],
      ['project', project],
    ] as const) {
      const read = await f.api<Row>('GET', `/api/${name}/${row.id}/`, { token: f.adminToken });
      expect(await listed(name, row)).toEqual(read.body);
    }
    const stored = await f.api<Row>('GET', `/api/packing-list/${item.id}/`, { token: f.adminToken });
    expect(stored.body).toMatchObject({
      validation_datetime: '2026-03-28T23:30:00.123Z',
      updated_at: '1999-12-31T23:59:59.999Z',
      net_weight: '1250.500',
    });
    const times = await f.api<Row>('GET', `/api/hand-event/${event.id}/`, { token: f.adminToken });
    expect(times.body).toMatchObject({ hour_from: '07:30:15.5', hour_to: '18:00' });
  });
});

describe('list statements', () => {
  it('are prepared once per database session and give the same page again', async () => {
    const project = await f.create('project');
    for (let n = 0; n < 3; n++) await f.create('packing-list', {}, { project: project.id });
    const path = `/api/packing-list/?project=${project.id}&page_size=2&page=2`;
    const first = await f.api<{ count: number; results: Row[] }>('GET', path, { token: f.adminToken });
    const again = await f.api<{ count: number; results: Row[] }>('GET', path, { token: f.adminToken });
    expect(first.body.count).toBe(3);
    expect(first.body.results).toHaveLength(1);
    expect(again.body).toEqual(first.body);
    // The session the test's queries run on has run lists too (PGlite has one; a pool reuses its last).
    const prepared = await server.query(
      "select count(*)::int as n from pg_prepared_statements where name like 'kt\\_%' and statement ilike '%json_agg%'",
    );
    expect(Number(prepared[0]?.n)).toBeGreaterThan(0);
  });
});
