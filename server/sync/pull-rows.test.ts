// Pulled rows are built as JSON by the database; push answers read rows through the driver (flatRow).
// Both must give a device the same values for every resource: timestamps with microseconds, times with
// and without seconds, decimals, dates, arrays and JSON fields included. The columns format (an array of
// values per row under the page's column names) carries the same rows and deletions as the first format,
// page by page with the same cursors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectResources, type ResourceName, resources } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import { type Fixtures, fixtures, type Row } from '../../tests/api/fixtures.js';
import { startTestServer, type TestServer } from '../testing.js';
import { columnsOfPull, MOST_PULLED_COLUMNS } from './pull.js';
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

interface Table {
  resource: string;
  columns: string[];
  rows: unknown[][];
  deleted: string[];
}

interface Page {
  cursor: string;
  has_more: boolean;
  total?: number;
  changes?: Change[];
  format?: string;
  tables?: Table[];
}

const pullPage = async (scope: string, cursor: string, query = '') => {
  const page = await f.api<Page>(
    'GET',
    `/api/sync/pull/?scope=${scope}&limit=7&client_id=${crypto.randomUUID()}${cursor ? `&cursor=${cursor}` : ''}${query}`,
    { token: f.adminToken },
  );
  expect(page.status).toBe(200);
  return page.body;
};

async function pullAll(scope: string): Promise<Change[]> {
  const changes: Change[] = [];
  let cursor = '';
  for (;;) {
    const page = await pullPage(scope, cursor);
    expect(page.format).toBeUndefined();
    changes.push(...(page.changes ?? []));
    cursor = page.cursor;
    if (!page.has_more) return changes;
  }
}

/** A page of the columns format as the first format's changes (rows in column order, then deletions). */
const asChanges = (tables: Table[]): Change[] =>
  tables.flatMap((table) => [
    ...table.rows.map((values) => ({
      resource: table.resource,
      op: 'upsert',
      row: Object.fromEntries(table.columns.map((column, n) => [column, values[n]])) as Change['row'],
    })),
    ...table.deleted.map((id) => ({ resource: table.resource, op: 'delete', id })),
  ]);

const byRecord = (changes: Change[]) =>
  [...changes].sort((a, b) =>
    `${a.resource}/${a.row?.id ?? a.id}`.localeCompare(`${b.resource}/${b.row?.id ?? b.id}`),
  );

describe('pulled rows', () => {
  it("fit one call of PostgreSQL's json_build_array each (the columns format)", () => {
    for (const resource of Object.values(resources))
      expect(columnsOfPull(resource as Resource).length, resource.name).toBeLessThanOrEqual(
        MOST_PULLED_COLUMNS,
      );
  });

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

  it('in the columns format: the same changes, page by page, with the same cursors', async () => {
    const project = await f.create('project');
    const items: Row[] = [];
    for (let n = 0; n < 9; n++) items.push(await f.create('packing-list', {}, { project: project.id }));
    await f.create('incidence', {}, { project: project.id });
    await server.query('update packing_list set deleted_at = now() where id = $1', [items[3]?.id]);
    await f.create('packing-list', {}, { project: project.id });
    const deleted: string[] = [];
    for (const scope of [`project:${project.id}`, 'global']) {
      let cursor = '';
      let pages = 0;
      for (;;) {
        const plain = await pullPage(scope, cursor);
        const columns = await pullPage(scope, cursor, '&format=columns');
        expect(columns.format).toBe('columns');
        expect(columns.changes).toBeUndefined();
        expect(plain.changes?.length).toBeLessThanOrEqual(7);
        expect(byRecord(asChanges(columns.tables ?? []))).toEqual(byRecord(plain.changes ?? []));
        deleted.push(...(columns.tables ?? []).flatMap((table) => table.deleted));
        expect({ ...columns, format: undefined, tables: undefined }).toEqual({
          ...plain,
          changes: undefined,
        });
        for (const table of columns.tables ?? []) {
          expect(new Set(table.rows.map((values) => values.length))).toEqual(
            new Set(table.rows.length > 0 ? [table.columns.length] : []),
          );
        }
        pages += 1;
        cursor = plain.cursor;
        if (!plain.has_more) break;
      }
      expect(pages).toBeGreaterThan(1);
    }
    expect(deleted).toContain(items[3]?.id);
    // Nothing new: an empty page in the format asked for.
    let cursor = '';
    for (;;) {
      const page = await pullPage(`project:${project.id}`, cursor, '&format=columns');
      cursor = page.cursor;
      if (!page.has_more) break;
    }
    const quiet = await pullPage(`project:${project.id}`, cursor, '&format=columns');
    expect(quiet).toEqual({ format: 'columns', tables: [], cursor, has_more: false });
    expect(await pullPage(`project:${project.id}`, cursor, '&format=a-later-one')).toEqual({
      changes: [],
      cursor,
      has_more: false,
    });
  });
});
