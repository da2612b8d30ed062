// Live notices over HTTP against the real server (PGlite, or PostgreSQL with DATABASE_URL): a write
// through any path tells the streams holding its scope, at once, uncompressed, and no one else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, fixtures } from '../../tests/api/fixtures.js';
import { apiClient } from '../../tests/api/http.js';
import { PURGED_NOTICE } from '../sync/quiet-memory.js';
import { startTestServer, type TestServer } from '../testing.js';
import { CHANGES_CHANNEL } from './changes.js';
import { openLive } from './testing.js';

let server: TestServer;
let f: Fixtures;
beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
});
afterAll(async () => {
  await server?.close();
});

describe('live notices (GET /api/sync/live/)', () => {
  it('tells a device holding a project that it changed, within 2 s, uncompressed, with the new cursor', async () => {
    const project = (await f.create('project')).id;
    const other = (await f.create('project')).id;
    const live = await openLive(server.url, f.staffToken, [`project:${project}`], {
      'accept-encoding': 'br, gzip, deflate',
    });
    const elsewhere = await openLive(server.url, f.staffToken, [`project:${other}`]);
    expect(live.response.status).toBe(200);
    expect(live.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(live.response.headers.get('content-encoding')).toBeNull();
    expect(live.response.headers.get('x-accel-buffering')).toBe('no');

    const started = Date.now();
    const item = await f.create('packing-list', {}, { project });
    const notice = await live.next(2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(notice.event).toBe('message');
    expect(notice.data.scope).toBe(`project:${project}`);
    // The cursor a pull reaches: pulling with it brings nothing more, and the item is below it.
    const api = apiClient(server.url);
    const pulled = await api<{ changes: { row?: { id: string } }[]; cursor: string }>(
      'GET',
      `/api/sync/pull/?scope=project:${project}&client_id=0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b`,
      { token: f.staffToken },
    );
    expect(pulled.body.changes.map((change) => change.row?.id)).toContain(item.id);
    expect(notice.data.cursor).toBe(pulled.body.cursor);
    expect(await elsewhere.drain(300)).toEqual([]);
    live.close();
    elsewhere.close();
  });

  // A purge of old tombstones (by any process) raises the mark every pull's cursor carries: the notices'
  // cursors carry it too (they kept the mark read at start: after the first purge a device's cursor never
  // matched a notice's again, and each notice was pulled for nothing).
  it('gives the cursor a pull reaches after a purge of old tombstones', async () => {
    const project = (await f.create('project')).id;
    const [{ seq }] = await server.query('select seq from project where id = $1', [project]);
    // What a purge leaves (sync/retention.ts): the mark raised, then its notice.
    await server.query(
      `insert into app_meta (key, value) values ('purged_through_seq', to_jsonb($1::bigint))
        on conflict (key) do update set value = excluded.value`,
      [seq],
    );
    await server.query(`select pg_notify('${CHANGES_CHANNEL}', '${PURGED_NOTICE}')`);
    const live = await openLive(server.url, f.staffToken, [`project:${project}`]);
    await f.create('packing-list', {}, { project });
    const notice = await live.next();
    const pulled = await apiClient(server.url)<{ cursor: string }>(
      'GET',
      `/api/sync/pull/?scope=project:${project}&client_id=0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c`,
      { token: f.staffToken },
    );
    expect(notice.data.cursor).toBe(pulled.body.cursor);
    live.close();
  });

  it('tells the global scope of a lookup', async () => {
    const live = await openLive(server.url, f.staffToken, ['global']);
    await f.create('vessel');
    expect((await live.next()).data.scope).toBe('global');
    live.close();
  });

  it('refuses a caller without a token and a scope it cannot read', async () => {
    expect((await openLive(server.url, null, ['global'])).response.status).toBe(401);
    const bad = await openLive(server.url, f.staffToken, ['project:nope']);
    expect(bad.response.status).toBe(400);
    expect(await bad.response.json()).toEqual({ scope: ['"project:nope": use "global" or "project:<id>".'] });
  });
});
