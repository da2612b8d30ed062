// The network misbehaving between a device and the real server: a fault-injecting HTTP proxy answers 500s,
// drops connections before and after the server got a batch, and refuses the token in the middle.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveRecord } from '../store/writes';
import { type FaultProxy, startFaultProxy } from './testing/fault-proxy';
import { eventually, makeDevice, type SyncServer, startSyncServer, type TestUser } from './testing/harness';

let server: SyncServer;
let staff: TestUser;
let proxy: FaultProxy;

beforeAll(async () => {
  server = await startSyncServer();
  staff = await server.user('gang_foreman');
});
afterAll(() => server?.close());
afterEach(() => proxy?.close());

const PUSH = '/api/sync/push/';

async function serverCount(names: string[]) {
  const rows = await server.server.query(
    'select name, count(*)::int as n from project where name = any($1::text[]) group by name',
    [names],
  );
  return rows;
}

describe('faults in the middle of a replay', () => {
  it('500s and dropped connections mid-batch: retried with backoff, every change arrives once', async () => {
    proxy = await startFaultProxy(server.url);
    const device = await makeDevice(server, staff, { baseUrl: proxy.url });
    const names = Array.from({ length: 12 }, (_, index) => `MV Faulty ${index}`);
    for (const name of names) await saveRecord(device.ctx, 'project', { name });
    // Batches of 5: the 1st goes through; the 2nd is applied but answered 500; the retry is applied (or
    // found duplicate) but its connection drops; then a 503 and a drop before the server sees anything.
    proxy.rules.push(
      { method: 'POST', path: PUSH, action: { kind: 'delay', ms: 0 } },
      { method: 'POST', path: PUSH, action: { kind: 'status', status: 500, afterForward: true } },
      { method: 'POST', path: PUSH, action: { kind: 'drop-after' } },
      { method: 'POST', path: PUSH, action: { kind: 'status', status: 503 } },
      { method: 'POST', path: PUSH, action: { kind: 'drop-before' } },
    );
    const engine = device.engine({ batchSize: 5 });
    engine.start();
    await eventually(async () => (await device.db.outbox.count()) === 0 && engine.state === 'idle');
    await engine.stop();

    const pushes = proxy.requests.filter((request) => request.path.startsWith(PUSH)).map((r) => r.outcome);
    expect(pushes.slice(0, 5)).toEqual([200, 500, 'dropped', 503, 'dropped']);
    const counts = await serverCount(names);
    expect(counts).toHaveLength(12);
    expect(counts.every((row) => row.n === 1)).toBe(true);
    const creates = await server.server.query(
      "select count(*)::int as n from audit_log a join project p on p.id = a.record_id where a.resource = 'project' and a.action = 'create' and p.name = any($1::text[])",
      [names],
    );
    expect(creates[0].n).toBe(12);
    // The retried batches came back as duplicates, and every local row has its server version.
    const local = await device.db.rows('project').toArray();
    expect(local).toHaveLength(12);
    for (const row of local) expect(row).toMatchObject({ version: 1 });
    expect((await device.db.rows('project').toArray()).filter((row) => row._sync)).toHaveLength(0);
  });

  it('a 401 in the middle pauses in needs-sign-in; the same user signs in again and the rest goes', async () => {
    proxy = await startFaultProxy(server.url);
    let token: string | null = staff.token;
    const device = await makeDevice(server, staff, { baseUrl: proxy.url, token: () => token });
    const names = Array.from({ length: 8 }, (_, index) => `MV Signed Out ${index}`);
    for (const name of names) await saveRecord(device.ctx, 'project', { name });
    proxy.rules.push(
      { method: 'POST', path: PUSH, action: { kind: 'delay', ms: 0 } },
      { method: 'POST', path: PUSH, action: { kind: 'status', status: 401 } },
    );
    const engine = device.engine({ batchSize: 5 });
    engine.start();
    await eventually(() => engine.state === 'needs-sign-in');
    expect(await device.db.outbox.count()).toBe(3);
    expect((await device.db.outbox.toArray()).every((entry) => entry.state === 'pending')).toBe(true);
    // Paused: no retries on its own.
    const before = proxy.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(proxy.requests.length).toBe(before);

    // Another user cannot take this user's queue over.
    expect(() => engine.resume('0193a000-0000-7000-8000-00000000dead')).toThrow(/Another user/);
    token = await server.signIn(staff.username);
    engine.resume(staff.id);
    await eventually(async () => (await device.db.outbox.count()) === 0 && engine.state === 'idle');
    await engine.stop();
    const counts = await serverCount(names);
    expect(counts).toHaveLength(8);
    expect(counts.every((row) => row.n === 1)).toBe(true);
  });
});
