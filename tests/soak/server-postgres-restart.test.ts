// PostgreSQL restarted while devices push and read: meanwhile the server answers 503 in the DRF shape
// with Retry-After (never a 500, never a crash), it recovers by itself once PostgreSQL is back, and the
// devices' retries leave every change on the server exactly once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from './support/server-devices';
import { makeStorage, type Storage, skipReason } from './support/server-engines';
import { type ServerProcess, spawnServer } from './support/server-process';

const WRITERS = 4;
const BATCH = 10;

interface Seen {
  at: number;
  status: number | 'network';
  body?: unknown;
  retryAfter?: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL restarted under load', () => {
  const skip = skipReason('postgres');
  let storage: Storage;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    if (skip) return;
    storage = await makeStorage('postgres');
    server = await spawnServer({
      dataDir: storage.dataDir,
      databaseUrl: storage.databaseUrl,
      users: [{ username: 'berth_planner', role: 'admin' }],
    });
  });
  afterAll(async () => {
    await server?.stop();
    await storage?.remove();
  });

  it.skipIf(skip)('answers 503 with Retry-After meanwhile, recovers alone, loses nothing', async () => {
    const live = server;
    const cluster = storage.cluster;
    if (!live || !cluster) throw new Error('no server');
    const user: SignedIn = await signIn(live.url, 'berth_planner');
    const seen: Seen[] = [];
    const call = async (method: string, path: string, body?: unknown) => {
      const at = Date.now();
      try {
        const response = await fetch(`${live.url}${path}`, {
          method,
          headers: { authorization: `Token ${user.token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        const entry: Seen = {
          at,
          status: response.status,
          body: text ? JSON.parse(text) : null,
          retryAfter: response.headers.get('retry-after'),
        };
        seen.push(entry);
        return entry;
      } catch {
        const entry: Seen = { at, status: 'network' };
        seen.push(entry);
        return entry;
      }
    };

    let running = true;
    const names: string[] = [];
    // A device: batches of project creates, each batch sent again (same mutation ids) until answered 200.
    const writer = async (w: number) => {
      const clientId = randomUUID();
      let seq = 0;
      for (let batch = 0; running; batch++) {
        const mutations = Array.from({ length: BATCH }, (_, n) => {
          const name = `MV Restart ${w}-${batch}-${n}`;
          names.push(name);
          seq += 1;
          return {
            mutation_id: randomUUID(),
            seq,
            resource: 'project',
            op: 'create',
            id: randomUUID(),
            data: { name },
          };
        });
        const deadline = Date.now() + 120_000;
        for (;;) {
          const answer = await call('POST', '/api/sync/push/', {
            client_id: clientId,
            pending: BATCH,
            mutations,
          });
          if (answer.status === 200) break;
          if (live.exit())
            throw new Error(`the server died: ${JSON.stringify(live.exit())}\n${live.output()}`);
          if (Date.now() > deadline)
            throw new Error(
              `writer ${w}: batch ${batch} never went through: ${JSON.stringify(answer)}\n${live.output().slice(-3000)}`,
            );
          await sleep(250);
        }
      }
    };
    const reader = async () => {
      while (running) {
        await call('GET', '/api/project/?page_size=20');
        await call('GET', `/api/sync/pull/?scope=global&limit=50&client_id=${randomUUID()}&pending=0`);
      }
    };
    const load = Promise.all([...Array.from({ length: WRITERS }, (_, w) => writer(w)), reader(), reader()]);

    await sleep(3000);
    const downAt = Date.now();
    await cluster.stop();
    const stoppedAt = Date.now();
    await sleep(4000);
    const startingAt = Date.now();
    await cluster.start();
    const upAt = Date.now();
    // Recovery by itself: requests succeed again without touching the server.
    let recoveredAt = 0;
    while (Date.now() - upAt < 30_000) {
      if (seen.some((entry) => entry.at > upAt && entry.status === 200)) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(100);
    }
    await sleep(2000);
    running = false;
    await load;

    console.info(
      `PostgreSQL down ${upAt - downAt} ms; recovered ${recoveredAt - upAt} ms after it was back; ` +
        `${seen.length} requests: ${JSON.stringify(countBy(seen.map((entry) => String(entry.status))))}`,
    );
    expect(live.exit()).toBeNull();
    expect(recoveredAt).toBeGreaterThan(0);
    const statuses = new Set(seen.map((entry) => entry.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    for (const entry of seen.filter((e) => e.status === 503)) {
      expect(entry.body).toEqual({ detail: expect.stringMatching(/database is unavailable/i) });
      expect(Number(entry.retryAfter)).toBeGreaterThan(0);
    }
    // While PostgreSQL was down (stopped, not yet starting), the answers were 503s.
    const during = seen.filter((entry) => entry.at > stoppedAt && entry.at < startingAt);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((entry) => entry.status === 503)).toBe(true);

    // Nothing lost, nothing twice.
    const rows = await live.query<{ n: number; distinct_names: number }>(
      "select count(*)::int as n, count(distinct name)::int as distinct_names from project where name like 'MV Restart %'",
    );
    expect(rows[0]).toEqual({ n: names.length, distinct_names: names.length });
    const answers = await live.query<{ n: number }>(
      "select count(*)::int as n from sync_mutation where resource = 'project'",
    );
    expect(answers[0]?.n).toBe(names.length);
  });
});

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
