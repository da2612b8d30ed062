// The server killed (SIGKILL) in the middle of a push batch, then started again on the same data, on
// PGlite (on disk) and on PostgreSQL: what it applied is a whole prefix of the device's changes, each
// with its stored answer and audit entry (nothing half-applied), and once the device retries every
// change is there exactly once and the device agrees with the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDevice } from '../../src/store/meta';
import { saveRecord, updateRecord } from '../../src/store/writes';
import { lookupIds } from '../../src/sync/testing/harness';
import { makeSoakDevice, type SignedIn, type SoakDevice, signIn } from './support/server-devices';
import { ENGINES, type Engine, makeStorage, type Storage, skipReason } from './support/server-engines';
import { type ServerProcess, spawnServer } from './support/server-process';

const HANDS = 300;
const UPDATES = 100;

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Pushes until the outbox is empty, through errors (the server is restarting), as the engine's backoff does. */
async function pushThrough(device: SoakDevice) {
  for (let attempt = 0; (await device.db.outbox.count()) > 0; attempt++) {
    if (attempt > 100) throw new Error('the outbox did not empty');
    await device.push(200).catch(() => new Promise((resolve) => setTimeout(resolve, 200)));
  }
}

describe.each(ENGINES)('server killed during a push batch (%s)', (engine: Engine) => {
  const skip = skipReason(engine);
  let storage: Storage;
  const servers: ServerProcess[] = [];
  const start = async () => {
    const server = await spawnServer({
      dataDir: storage.dataDir,
      databaseUrl: storage.databaseUrl,
      users: [{ username: 'night_foreman', role: 'admin' }],
    });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    if (skip) return;
    storage = await makeStorage(engine);
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await storage?.remove();
  });

  it.skipIf(skip)('applies a whole prefix, then everything exactly once after the retry', async () => {
    let live = await start();
    const user: SignedIn = await signIn(live.url, 'night_foreman');
    const device = await makeSoakDevice(() => live.url, user);
    await device.pull();
    const ids = await lookupIds(device.db);
    const project = await saveRecord(device.ctx, 'project', { name: 'MV Kill', status: ids.inProgress });
    const event = await saveRecord(device.ctx, 'project-event', {
      project: project.id,
      event: ids.workingShift,
      init_date: '2026-11-22T06:00:00Z',
    });
    const hands: string[] = [];
    for (let n = 0; n < HANDS; n++) {
      const hand = await saveRecord(device.ctx, 'hand', {
        event: event.id,
        description: `Gang ${n}`,
        crew_count: 1,
      });
      hands.push(hand.id);
    }
    for (const id of hands.slice(0, UPDATES)) await updateRecord(device.ctx, 'hand', id, { crew_count: 2 });
    const queued = await device.db.outbox.orderBy('seq').toArray();
    expect(queued).toHaveLength(2 + HANDS + UPDATES);
    const { client_id } = await getDevice(device.db);
    const applied = () =>
      live.query<{ mutation_id: string }>('select mutation_id from sync_mutation where client_id = $1', [
        client_id,
      ]);

    // The push goes; once the first batch of 200 is in, the second is under way: kill the server then.
    const pushing = device.push(200).then(
      () => null,
      (error: unknown) => error,
    );
    await until(async () => (await applied()).length >= 200, 120_000, 'the first batch');
    await new Promise((resolve) => setTimeout(resolve, 150));
    await live.kill();
    expect(await pushing).toBeInstanceOf(Error);
    expect(live.exit()).toMatchObject({ signal: 'SIGKILL' });

    live = await start();
    // Before any retry: what the server kept is the first k changes in the device's order, each whole.
    const kept = new Set((await applied()).map((row) => row.mutation_id));
    const k = kept.size;
    console.info(`${engine}: killed with ${k} of ${queued.length} changes applied`);
    expect(k).toBeGreaterThanOrEqual(200);
    expect(k).toBeLessThan(queued.length);
    expect(queued.slice(0, k).every((entry) => kept.has(entry.mutation_id))).toBe(true);
    // A batch is one transaction (server/sync/push.ts): whole batches of 200 only.
    expect(k % 200).toBe(0);
    const audited = await live.query<{ mutation_id: string }>(
      'select mutation_id from audit_log where mutation_id = any($1::uuid[])',
      [queued.map((entry) => entry.mutation_id)],
    );
    expect(new Set(audited.map((row) => row.mutation_id))).toEqual(kept);
    const createdHands = queued
      .slice(0, k)
      .filter((entry) => entry.resource === 'hand' && entry.op === 'create');
    const rows = await live.query<{ id: string; crew_count: number; version: number }>(
      'select id, crew_count, version from hand where id = any($1::uuid[])',
      [hands],
    );
    expect(rows.map((row) => row.id).sort()).toEqual(createdHands.map((entry) => entry.record_id).sort());
    const updated = new Set(
      queued
        .slice(0, k)
        .filter((entry) => entry.op === 'update')
        .map((entry) => entry.record_id),
    );
    for (const row of rows)
      expect([row.crew_count, row.version]).toEqual(updated.has(row.id) ? [2, 2] : [1, 1]);

    // The device retries: every change once, and it agrees with the server.
    await pushThrough(device);
    await device.pull();
    const all = await live.query<{ mutation_id: string }>(
      'select mutation_id from sync_mutation where mutation_id = any($1::uuid[])',
      [queued.map((entry) => entry.mutation_id)],
    );
    expect(all).toHaveLength(queued.length);
    const audit = await live.query<{ action: string; n: number }>(
      'select action, count(*)::int as n from audit_log where record_id = any($1::uuid[]) group by action order by action',
      [hands],
    );
    expect(audit).toEqual([
      { action: 'create', n: HANDS },
      { action: 'update', n: UPDATES },
    ]);
    const final = await live.query<{ id: string; crew_count: number; version: number }>(
      'select id, crew_count, version from hand where id = any($1::uuid[]) order by id',
      [hands],
    );
    expect(final).toHaveLength(HANDS);
    const local = await device.db.rows('hand').where('id').anyOf(hands).sortBy('id');
    expect(local.map((row) => ({ id: row.id, crew_count: row.crew_count, version: row.version }))).toEqual(
      final,
    );
    expect(local.every((row) => row._sync === undefined)).toBe(true);
    device.close();
  });
});
