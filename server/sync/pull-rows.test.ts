// Pulled rows are built as JSON by the database; push answers read rows through the driver (flatRow).
// Both must give a device the same values for every resource: timestamps with microseconds, times with
// and without seconds, decimals, dates, arrays and JSON fields included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectResources, type ResourceName, resources } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import { type Fixtures, fixtures, type Row } from '../../tests/api/fixtures.js';
import { startTestServer, type TestServer } from '../testing.js';
import { flatRow } from './rows.js';

let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
});
afterAll(() => server?.close());

interface Change {
  resource: string;
  op: string;
  id?: string;
  row?: Record<string, unknown> & { id: string };
}

async function pullAll(scope: string): Promise<Change[]> {
  const changes: Change[] = [];
  let cursor = '';
  for (;;) {
    const page = await f.api<{ changes: Change[]; cursor: string; has_more: boolean }>(
      'GET',
      `/api/sync/pull/?scope=${scope}&limit=7&client_id=${crypto.randomUUID()}${cursor ? `&cursor=${cursor}` : ''}`,
      { token: f.adminToken },
    );
    expect(page.status).toBe(200);
    changes.push(...page.body.changes);
    cursor = page.body.cursor;
    if (!page.body.has_more) return changes;
  }
}

describe('pulled rows', () => {
  it('equal the rows a push answer carries, for every resource of a project and the global ones', async () => {
    const project = await f.create('project');
    const made: Row[] = [];
    for (const name of projectResources) {
      if (name === 'project' || name === 'attachment') continue;
      made.push(await f.create(name as ResourceName, {}, { project: project.id }));
    }
    await server.query(
      `update packing_list set validation_datetime = '2026-03-29 01:30:00.123456+02', net_weight = 1250.5
         where project = $1`,
      [project.id],
    );
    await server.query(
      "update hand_event set hour_from = '07:30:15.5', hour_to = '18:00' where project = $1",
      [project.id],
    );
    await server.query(
      `update project set project_summary = '{"b": [1, 2.50, "x\\"y"], "a": null}', init_date = '2026-02-28'
         where id = $1`,
      [project.id],
    );
    const db = server.server.database.db as never;
    const scoped = await pullAll(`project:${project.id}`);
    const everything = [...scoped, ...(await pullAll('global'))];
    const upserts = everything.filter((change) => change.op === 'upsert');
    expect(upserts.length).toBeGreaterThan(made.length);
    for (const id of [project.id, ...made.map((row) => row.id)])
      expect(upserts.some((change) => change.row?.id === id)).toBe(true);
    for (const change of upserts) {
      const resource = resources[change.resource as ResourceName] as Resource;
      expect(change.row, `${change.resource} ${change.row?.id}`).toEqual(
        await flatRow(db, resource, String(change.row?.id)),
      );
    }
    const item = scoped.find((change) => change.resource === 'packing-list');
    expect(item?.row).toMatchObject({
      validation_datetime: '2026-03-28T23:30:00.123Z',
      net_weight: '1250.500',
    });
    expect(typeof item?.row?.seq).toBe('number');
  });
});
