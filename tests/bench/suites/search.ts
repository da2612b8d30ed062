// Text searches and list filters against 100,000 packing items (5 projects of 20,000, one customer),
// read with the customer's read-only token: how long each request holds the server. With the
// embedded database a query runs inside the server's process, and no other query (health, sign-in,
// sync) runs until it ends. Per request: the server process's CPU time (the goal: on a loaded machine
// it is what stays comparable with a quiet one), and in the note the wall time, the longest
// event-loop delay seen while it ran, and the slowest health check sent meanwhile.
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { hashToken } from '../../../server/auth/tokens.js';
import type { BenchRow, BenchSuite } from '../lib.js';
import { seedPacking } from '../support/seed-packing.js';
import { type BenchServer, startBenchServer } from '../support/server.js';

const ROUNDS = 5;

interface Measure {
  status: number;
  wallMs: number;
  cpuMs: number;
  loopMs: number;
  healthMs: number;
}

/** One request, with health checked every 10 ms while it runs. */
async function measure(bench: BenchServer, path: string, token: string): Promise<Measure> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  let running = true;
  let healthMs = 0;
  const poll = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${bench.url}/api/health/`).then((response) => response.arrayBuffer());
      healthMs = Math.max(healthMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  loop.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const response = await fetch(`${bench.url}${path}`, { headers: { authorization: `Token ${token}` } });
  await response.arrayBuffer();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  loop.disable();
  running = false;
  await poll;
  return {
    status: response.status,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    loopMs: loop.max / 1e6,
    healthMs,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value: number) => Math.round(value * 10) / 10;

const search: BenchSuite = {
  name: 'search',
  serverInProcess: true,
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const engine of ctx.engines) {
      ctx.log(`search: starting the server on ${engine}`);
      const bench = await startBenchServer(engine, ctx);
      try {
        const userId = await bench.createUser({ username: 'bench-search', password: 'Quay-Crane-42' });
        const seed = await seedPacking(bench.server.database, userId, { projects: 5, perProject: 20_000 });
        const db = bench.server.database;
        const account = '0195b000-0000-7000-8000-000000000001';
        const token = randomBytes(32).toString('base64url');
        await db.exec(`insert into accounts (id, trade_name) values ('${account}', 'Bench customer');
          update project set customer = '${account}';
          insert into auth_token (token_hash, account_id) values ('${hashToken(token)}', '${account}');`);
        const project = seed.target.project;
        const cases: [string, string][] = [
          ['10,000-character reference (refused)', `?project=${project}&reference=${'A'.repeat(10_000)}`],
          ['100-character reference, one project', `?project=${project}&reference=${'A'.repeat(100)}`],
          ['5-letter reference, one project', `?project=${project}&reference=00042`],
          ['5-letter reference, all 100,000', '?reference=00042'],
          ['1-letter reference, one project', `?project=${project}&reference=0`],
          ['1-letter reference, all 100,000', '?reference=0'],
          ['no filter, one project', `?project=${project}`],
          ['no filter, all 100,000', ''],
        ];
        for (const [label, query] of cases) {
          const runs: Measure[] = [];
          for (let i = 0; i < ROUNDS; i++)
            runs.push(await measure(bench, `/api/packing-list/${query}`, token));
          const cpuMs = median(runs.map((run) => run.cpuMs));
          const note = `median of ${ROUNDS}; status ${runs[0]?.status}; wall ${round(median(runs.map((r) => r.wallMs)))} ms, longest event-loop delay ${round(median(runs.map((r) => r.loopMs)))} ms, slowest health check meanwhile ${round(median(runs.map((r) => r.healthMs)))} ms`;
          rows.push({
            suite: 'search',
            name: `${label}: server CPU [${engine}]`,
            value: round(cpuMs),
            unit: 'ms',
            goal: '< 100 ms',
            ok: cpuMs < 100,
            note,
          });
        }
      } finally {
        await bench.close();
      }
    }
    return rows;
  },
};

export default search;
