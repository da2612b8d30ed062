// A pull with nothing new is answered by one statement from the scope's high-water mark (quiet-pull.ts,
// 0070_sync_scope_mark.sql). It still records the device and refuses what a full pull refuses, and no
// write after the cursor is missed: through the API, by SQL by hand, a container report of a project
// (global scope). A push's own bookkeeping (its stored answers, the audit log) moves no scope's mark.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import { fixtureServer } from '../../tests/api/fixtures.js';
import { openDatabase } from '../db/database.js';
import { CHANGES_CHANNEL, listenChanges } from '../live/changes.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { PURGED_NOTICE, quietMemory } from './quiet-memory.js';

const rig = fixtureServer();
const clientId = uuidv7();

interface PullBody {
  changes: { resource: string; op: string; id?: string; row?: { id: string } }[];
  cursor: string;
  has_more: boolean;
}

const pull = (scope: string, cursor = '', extra = '', token = rig.f.staffToken) =>
  rig.f.api<PullBody>(
    'GET',
    `/api/sync/pull/?scope=${scope}&client_id=${clientId}${cursor ? `&cursor=${cursor}` : ''}${extra}`,
    { token },
  );

/** Every change after `cursor`, and the cursor reached. */
async function pullAll(scope: string, cursor = '') {
  const changes: PullBody['changes'] = [];
  let next = cursor;
  for (;;) {
    const answer = await pull(scope, next);
    expect(answer.status).toBe(200);
    changes.push(...answer.body.changes);
    next = answer.body.cursor;
    if (!answer.body.has_more) return { changes, cursor: next };
  }
}

const ids = (changes: PullBody['changes']) => changes.map((change) => change.row?.id ?? change.id);

const device = async () => {
  const devices = await rig.f.api<{ results: Record<string, unknown>[] }>('GET', '/api/sync/devices/', {
    token: rig.f.adminToken,
  });
  return devices.body.results.find((row) => row.client_id === clientId);
};

describe('a pull with nothing new', () => {
  it('answers no change and the same cursor, and records what the device reported', async () => {
    const project = await rig.f.project();
    const { cursor } = await pullAll(`project:${project}`);
    const quiet = await pull(`project:${project}`, cursor, '&device_name=Quiet%20tablet&pending=5');
    expect(quiet.status).toBe(200);
    expect(quiet.body).toEqual({ changes: [], cursor, has_more: false });
    expect(await device()).toMatchObject({ device_name: 'Quiet tablet', pending: 5 });
    // Again at once: the row already holds it (on the embedded database answered from memory).
    const again = await pull(`project:${project}`, cursor, '&device_name=Quiet%20tablet&pending=5');
    expect(again.body).toEqual(quiet.body);
    // A push reports another state; the next quiet pull records its own again, not the push's.
    const pushed = await rig.f.api('POST', '/api/sync/push/', {
      token: rig.f.staffToken,
      body: { client_id: clientId, pending: 0, mutations: [] },
    });
    expect(pushed.status).toBe(200);
    expect(await device()).toMatchObject({ pending: 0 });
    await pull(`project:${project}`, cursor, '&device_name=Quiet%20tablet&pending=5');
    expect(await device()).toMatchObject({ pending: 5 });
  });

  it('misses no write after the cursor: through the API, by SQL by hand, a container report of a project', async () => {
    const { f, server } = rig;
    const project = await f.project();
    const scope = `project:${project}`;
    const start = (await pullAll(scope)).cursor;
    const item = await f.create('packing-list', {}, { project });
    const created = await pullAll(scope, start);
    expect(ids(created.changes)).toContain(item.id);

    // Nothing new twice (the second, on the embedded database, from memory), then a write by hand.
    for (const _ of [1, 2]) expect((await pull(scope, created.cursor)).body.changes).toEqual([]);
    await server.query('update packing_list set deleted_at = now() where id = $1', [item.id]);
    const byHand = await pull(scope, created.cursor);
    expect(byHand.body.changes).toEqual([{ resource: 'packing-list', op: 'delete', id: item.id }]);

    const global = (await pullAll('global')).cursor;
    const report = await f.create('container-report', { project });
    expect(ids((await pull('global', global)).body.changes)).toContain(report.id);
  });

  it("is not made by a push's bookkeeping: a project's change leaves the global cursor where it was", async () => {
    const project = await rig.f.project();
    const { cursor } = await pullAll('global');
    const pushed = await rig.f.api<{ results: { status: string }[] }>('POST', '/api/sync/push/', {
      token: rig.f.staffToken,
      body: {
        client_id: clientId,
        mutations: [
          {
            mutation_id: uuidv7(),
            seq: 1,
            resource: 'incidence',
            op: 'create',
            id: uuidv7(),
            data: await rig.f.body('incidence', { project }),
          },
        ],
      },
    });
    expect(pushed.body.results.map((result) => result.status)).toEqual(['applied']);
    expect((await pull('global', cursor)).body).toEqual({ changes: [], cursor, has_more: false });
  });

  it("refuses another user's device and a project that does not exist, recording nothing", async () => {
    const project = await rig.f.project();
    const { cursor } = await pullAll(`project:${project}`);
    const before = await device();
    const taken = await pull(`project:${project}`, cursor, '&pending=9', rig.f.adminToken);
    expect(taken.status).toBe(400);
    expect(Object.keys(taken.body)).toEqual(['client_id']);
    expect((await pull(`project:${uuidv7()}`, cursor, '&pending=9')).status).toBe(404);
    expect(await device()).toEqual(before);
  });

  it("on the embedded database, does not remember a read older than a purge's clearing of the memory", async () => {
    const database = await openDatabase({ dataDir: 'memory' });
    try {
      const changes = await listenChanges(database);
      const memory = quietMemory(database, changes);
      if (!memory) throw new Error('no memory on the embedded database');
      const user = uuidv7();
      const state = { client_id: uuidv7() };
      // A pull's statement reads mark 10; the purge clears the memory before the pull learns it.
      const before = memory.cleared;
      await sql`select pg_notify(${CHANGES_CHANNEL}, ${PURGED_NOTICE})`.execute(database.db);
      for (let tries = 0; memory.cleared === before && tries < 200; tries++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(memory.cleared).toBeGreaterThan(before);
      const read = { owner: user, purged: 0, mark: 10, found: true, cleared: before };
      memory.learn('global', read, user, state, { writes: memory.writes, pulledAt: Date.now() });
      const cursor = decodeCursor(encodeCursor({ seq: 10, purged: 0 }));
      expect(memory.answer(user, state, 'global', cursor)).toBeUndefined();
      // The same read made after the clearing is remembered: the next quiet pull needs no statement.
      memory.learn('global', { ...read, cleared: memory.cleared }, user, state, {
        writes: memory.writes,
        pulledAt: Date.now(),
      });
      expect(memory.answer(user, state, 'global', cursor)).toMatchObject({ has_more: false });
      memory.close();
      await changes.close();
    } finally {
      await database.close();
    }
  });
});
