// The engine's timing against the real server: offline then `online`, saves pushed by themselves, one
// leader among tabs, backoff bounds, and the status the screens read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueFile } from '../store/blobs';
import { saveRecord } from '../store/writes';
import { backoffDelay } from './backoff';
import { useSyncStatus } from './status';
import { startFaultProxy } from './testing/fault-proxy';
import { eventually, makeDevice, type SyncServer, startSyncServer, type TestUser } from './testing/harness';

let server: SyncServer;
let staff: TestUser;

beforeAll(async () => {
  server = await startSyncServer();
  staff = await server.user('engine_user');
});
afterAll(() => server?.close());

/** Web Locks as a browser gives them: one holder per name, the next waiter gets it on release. */
function fakeLocks() {
  const queues = new Map<string, (() => void)[]>();
  const held = new Set<string>();
  const request = (name: string, options: { signal: AbortSignal }, callback: () => Promise<void>) =>
    new Promise<void>((resolve, reject) => {
      const run = () => {
        held.add(name);
        callback().finally(() => {
          held.delete(name);
          resolve();
          queues.get(name)?.shift()?.();
        });
      };
      if (!held.has(name)) return run();
      queues.set(name, [...(queues.get(name) ?? []), run]);
      options.signal.addEventListener('abort', () => {
        queues.set(
          name,
          (queues.get(name) ?? []).filter((waiting) => waiting !== run),
        );
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  return request;
}

describe('sync engine', () => {
  it('offline: backs off; `online` sends at once; later saves go by themselves; status follows', async () => {
    const proxy = await startFaultProxy(server.url);
    try {
      proxy.rules.push({ action: { kind: 'drop-before' }, times: Infinity });
      const device = await makeDevice(server, staff, { baseUrl: proxy.url });
      const events = new EventTarget();
      // A long backoff: only the `online` event can bring the next attempt forward.
      const engine = device.engine({ events, backoff: { baseMs: 60_000, maxMs: 300_000 } });
      engine.start();
      await saveRecord(device.ctx, 'project', { name: 'MV Engine 1' });
      await eventually(() => engine.state === 'backoff');
      const status = useSyncStatus.getState();
      expect(status.backoffUntil).toBeGreaterThan(Date.now() + 20_000);
      expect(status).toMatchObject({ lastError: 'No connection to the server', lastErrorKind: 'network' });
      await eventually(() => useSyncStatus.getState().pending === 1);

      proxy.rules.length = 0;
      events.dispatchEvent(new Event('online'));
      await eventually(async () => (await device.db.outbox.count()) === 0 && engine.state === 'idle');
      await eventually(
        () => useSyncStatus.getState().pending === 0 && useSyncStatus.getState().last_push_at !== null,
      );

      // A save while idle is pushed without any other trigger.
      await saveRecord(device.ctx, 'project', { name: 'MV Engine 2' });
      await eventually(async () => (await device.db.outbox.count()) === 0);
      const photo = new Blob([new Uint8Array(150_000)], { type: 'image/jpeg' });
      await queueFile(device.db, {
        parent_resource: 'project',
        parent_id: '0193a000-0000-7000-8000-000000000001',
        blob: photo,
        name: 'a.jpg',
      });
      await eventually(() => useSyncStatus.getState().files_pending === 1);
      expect(useSyncStatus.getState()).toMatchObject({
        files_pending_bytes: 150_000,
        needs_attention: 0,
        leader: true,
      });
      await engine.stop();
      expect(useSyncStatus.getState().phase).toBe('stopped');
    } finally {
      await proxy.close();
    }
  });

  it('one tab leads: the second waits for the lock and takes over when the first stops', async () => {
    const device = await makeDevice(server, staff);
    const locks = fakeLocks();
    const first = device.engine({ locks });
    const second = device.engine({ locks });
    first.start();
    second.start();
    await eventually(() => first.isLeader);
    expect(second.isLeader).toBe(false);
    await saveRecord(device.ctx, 'project', { name: 'MV Two Tabs' });
    await eventually(async () => (await device.db.outbox.count()) === 0);
    await first.whenIdle();
    // Once the leader's tab goes, the follower leads and sends what is left.
    await saveRecord(device.ctx, 'project', { name: 'MV Second Tab' });
    await first.stop();
    expect(await device.db.outbox.count()).toBe(1);
    await eventually(() => second.isLeader);
    await second.syncNow();
    await eventually(async () => (await device.db.outbox.count()) === 0);
    await second.stop();
    const names = await server.server.query(
      "select count(*)::int as n from project where name in ('MV Two Tabs', 'MV Second Tab')",
    );
    expect(names[0].n).toBe(2);
  });

  it('a round that moved work before failing starts the backoff over; one that moved nothing doubles it', async () => {
    const proxy = await startFaultProxy(server.url);
    try {
      const device = await makeDevice(server, staff, { baseUrl: proxy.url });
      const events = new EventTarget();
      // Exact delays (no jitter) and long ones: only a `focus` (which keeps the failure count) retries.
      const base = 60_000;
      const engine = device.engine({
        events,
        pageSize: 5,
        batchSize: 5,
        backoff: { baseMs: base, maxMs: 3_600_000, random: () => 1 },
      });
      const PULL = '/api/sync/pull/';
      const PUSH = '/api/sync/push/';
      const fail = (path: string) => ({ path, action: { kind: 'status' as const, status: 503 } });
      const pass = (path: string) => ({ path, action: { kind: 'pass' as const } });
      let until: number | null = null;
      /** Waits for the round to end in backoff; the wait it chose, as the status shows it. */
      const nextWait = async () => {
        await eventually(
          () => engine.state === 'backoff' && useSyncStatus.getState().backoffUntil !== until,
          20_000,
        );
        until = useSyncStatus.getState().backoffUntil;
        return (until ?? 0) - Date.now();
      };
      const retry = () => events.dispatchEvent(new Event('focus'));

      // Nothing moved: the first failure waits one base.
      proxy.rules.push(fail(PULL));
      engine.start();
      expect(await nextWait()).toBeGreaterThan(base - 5_000);
      // One pulled page stored, the next refused: back to one base (it was going to be two).
      proxy.rules.push(pass(PULL), fail(PULL));
      retry();
      const afterPage = await nextWait();
      expect(afterPage).toBeLessThanOrEqual(base);
      expect(afterPage).toBeGreaterThan(base - 5_000);
      expect(proxy.requests.filter((request) => request.outcome === 200)).toHaveLength(1);
      // Nothing moved again: the wait doubles.
      proxy.rules.push(fail(PULL));
      retry();
      expect(await nextWait()).toBeGreaterThan(2 * base - 5_000);
      // One push batch answered, the next refused: one base again (it was going to be four).
      for (let index = 0; index < 8; index += 1)
        await saveRecord(device.ctx, 'project', { name: `MV Patchy Link ${index}` });
      // The engine has seen the saves (in backoff they wait for the retry, not a push of their own).
      await eventually(() => useSyncStatus.getState().pending === 8);
      proxy.rules.push(pass(PUSH), fail(PUSH));
      retry();
      expect(await nextWait()).toBeLessThanOrEqual(base);
      expect(await device.db.outbox.count()).toBe(3);
      await engine.stop();
    } finally {
      await proxy.close();
    }
  });

  it('backoff: 1 s doubling to 5 min, jittered within the upper half', () => {
    const low = { baseMs: 1000, maxMs: 300_000, random: () => 0 };
    const high = { ...low, random: () => 1 };
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, high))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(1, low)).toBe(500);
    expect(backoffDelay(20, high)).toBe(300_000);
    expect(backoffDelay(50, low)).toBe(150_000);
  });
});
