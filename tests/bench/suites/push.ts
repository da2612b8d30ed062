// The sync push on the server alone (issue 19, "Replay and first sync"): 1,000 queued changes (a
// project's incidences, as the sync suite's replay makes them in the browser) pushed over loopback HTTP
// in batches of 200, then the same batches again (all `duplicate`, a device that never got the answers).
// Per change: the server process's CPU time (this process: the client's JSON work is in it too, and on
// PGlite the database; PostgreSQL's own CPU is not) and the wall time of the whole replay.
import { uuidv7 } from '../../../src/domain/ids.js';
import type { BenchRow, BenchSuite } from '../lib.js';
import { type Engine, startBenchServer } from '../support/server.js';

const CHANGES = 1000;
const BATCH = 200;
const PASSWORD = 'Quay-Crane-42';
const GOALS: Record<Engine, { applied: number; total: number }> = {
  postgres: { applied: 0.5, total: 1 },
  pglite: { applied: 1, total: 2 },
};

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

async function timed(run: () => Promise<void>) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const push: BenchSuite = {
  name: 'push',
  serverInProcess: true,
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const engine of ctx.engines) {
      const bench = await startBenchServer(engine, ctx);
      try {
        await bench.createUser({ username: 'replayer', password: PASSWORD, role: 'admin' });
        const call = async (path: string, body: unknown, token?: string) => {
          const response = await fetch(`${bench.url}${path}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(token ? { authorization: `Token ${token}` } : {}),
            },
            body: JSON.stringify(body),
          });
          if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
          return (await response.json()) as Record<string, unknown>;
        };
        const { token } = (await call('/api/get-token/', { username: 'replayer', password: PASSWORD })) as {
          token: string;
        };
        const { id: project } = (await call('/api/project/', { name: 'Replay' }, token)) as { id: string };
        const client = uuidv7();
        const occurred = new Date().toISOString();
        const mutations = Array.from({ length: CHANGES }, (_, index) => ({
          mutation_id: uuidv7(),
          seq: index + 1,
          resource: 'incidence',
          op: 'create',
          id: uuidv7(),
          data: { project, description: `Replay ${index + 1}` },
          occurred_at: occurred,
        }));
        const replay = (expected: string) => async () => {
          for (let start = 0; start < CHANGES; start += BATCH) {
            const answer = (await call(
              '/api/sync/push/',
              {
                client_id: client,
                sent_at: new Date().toISOString(),
                mutations: mutations.slice(start, start + BATCH),
              },
              token,
            )) as { results: { status: string }[] };
            const other = answer.results.find((result) => result.status !== expected);
            if (other) throw new Error(`push: ${JSON.stringify(other)}`);
          }
        };
        ctx.log(`push [${engine}]: ${CHANGES} creates in batches of ${BATCH}`);
        const applied = await timed(replay('applied'));
        const duplicates = await timed(replay('duplicate'));
        const goal = GOALS[engine];
        const perApplied = applied.cpuMs / CHANGES;
        const perDuplicate = duplicates.cpuMs / CHANGES;
        rows.push(
          {
            suite: 'push',
            name: `replay of ${CHANGES} changes over loopback HTTP [${engine}]`,
            value: round(applied.wallMs / 1000),
            unit: 's',
            goal: `< ${goal.total} s`,
            ok: applied.wallMs / 1000 < goal.total,
            note: `${CHANGES / BATCH} pushes of ${BATCH} incidence creates, no browser`,
          },
          {
            suite: 'push',
            name: `server CPU per applied change [${engine}]`,
            value: round(perApplied),
            unit: 'ms',
            goal: `<= ${goal.applied} ms`,
            ok: perApplied <= goal.applied,
            note: `process.cpuUsage of this process (server${engine === 'pglite' ? ' and database' : ''}, and the client's JSON): ${round(applied.cpuMs, 0)} ms`,
          },
          {
            suite: 'push',
            name: `server CPU per duplicate change [${engine}]`,
            value: round(perDuplicate),
            unit: 'ms',
            goal: '<= 0.2 ms',
            ok: perDuplicate <= 0.2,
            note: `the same ${CHANGES} sent again: ${round(duplicates.wallMs / 1000)} s wall, ${round(duplicates.cpuMs, 0)} ms CPU`,
          },
        );
      } finally {
        await bench.close();
      }
    }
    return rows;
  },
};

export default push;
