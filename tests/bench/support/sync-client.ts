// The server alone, spoken to as a device would over loopback HTTP: an admin signed in and a project to
// push to and pull from (the push and pull suites).
import { uuidv7 } from '../../../src/domain/ids.js';
import type { BenchContext } from '../lib.js';
import { type BenchServer, type Engine, startBenchServer } from './server.js';

const PASSWORD = 'Quay-Crane-42';

export interface SyncClient {
  project: string;
  clientId: string;
  post(path: string, body: unknown): Promise<Record<string, unknown>>;
  get(path: string): Promise<Record<string, unknown>>;
  /** `count` creates of incidences of the project, in seq order from `firstSeq`. */
  incidences(count: number, firstSeq?: number): Record<string, unknown>[];
  /** Pushes `mutations` in batches; throws on an answer other than `expected`. */
  replay(mutations: Record<string, unknown>[], batch: number, expected: string): Promise<void>;
}

/** CPU time of this process (every thread) and wall time while `run` runs. */
export async function timed(run: () => Promise<void>) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The server in this process, and a client of it. */
export async function startSyncClient(
  engine: Engine,
  ctx: BenchContext,
): Promise<SyncClient & { bench: BenchServer }> {
  const bench = await startBenchServer(engine, ctx);
  await bench.createUser({ username: 'replayer', password: PASSWORD, role: 'admin' });
  return { bench, ...(await connectSyncClient(bench.url, 'replayer', PASSWORD)) };
}

/** A client of the server at `url`, signed in as an admin (`username`), with a project of its own. */
export async function connectSyncClient(
  url: string,
  username: string,
  password: string,
): Promise<SyncClient> {
  let token = '';
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Token ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const post = (path: string, body: unknown) => send('POST', path, body);
  token = String((await post('/api/get-token/', { username, password })).token);
  const project = String((await post('/api/project/', { name: 'Replay' })).id);
  const clientId = uuidv7();
  return {
    project,
    clientId,
    post,
    get: (path) => send('GET', path),
    incidences(count, firstSeq = 1) {
      const occurred = new Date().toISOString();
      return Array.from({ length: count }, (_, index) => ({
        mutation_id: uuidv7(),
        seq: firstSeq + index,
        resource: 'incidence',
        op: 'create',
        id: uuidv7(),
        data: { project, description: `Replay ${firstSeq + index}` },
        occurred_at: occurred,
      }));
    },
    async replay(mutations, batch, expected) {
      for (let start = 0; start < mutations.length; start += batch) {
        const answer = (await post('/api/sync/push/', {
          client_id: clientId,
          sent_at: new Date().toISOString(),
          mutations: mutations.slice(start, start + batch),
        })) as { results: { status: string }[] };
        const other = answer.results.find((result) => result.status !== expected);
        if (other) throw new Error(`push: ${JSON.stringify(other)}`);
      }
    },
  };
}
