import type { BenchRow, BenchSuite } from '../lib.js';
import { type LoadOptions, type LoadResult, loadRows, runLoad } from '../support/load.js';
import { seedPacking } from '../support/seed-packing.js';
import { startBenchServer } from '../support/server.js';

const USERNAME = 'bench-resources';
const PASSWORD = 'Quay-Crane-42';

/** The goals for the filtered packing list, per engine. */
const GOALS = {
  postgres: { rps: 2500, p99: 40 },
  pglite: { rps: 800, p99: undefined },
} as const;

/**
 * A warm-up run (not counted), then the measured run with the server process's CPU time around it
 * (the server runs in this process; autocannon in its own): CPU per request says what throughput
 * the route can reach on a quiet machine, whatever else the machine was doing.
 */
async function measuredLoad(options: LoadOptions): Promise<LoadResult & { cpuMs: number }> {
  await runLoad({ ...options, seconds: 2, warmupSeconds: 0 });
  const before = process.cpuUsage();
  const result = await runLoad({ ...options, warmupSeconds: 0 });
  const used = process.cpuUsage(before);
  const cpuMs = (used.user + used.system) / 1000 / Math.max(1, result.total);
  return { ...result, cpuMs };
}

function cpuRow(name: string, result: { cpuMs: number; total: number }): BenchRow {
  return {
    suite: 'resources',
    name: `${name}: server CPU per request`,
    value: Math.round(result.cpuMs * 100) / 100,
    unit: 'ms',
    note: `process.cpuUsage of the server process over ${result.total} responses (user + system)`,
  };
}

/**
 * The generic REST engine under load over 100,000 packing items in 50 projects: the filtered, paged
 * packing list (project + commodity + location, page 30) and the projects list with `search`.
 */
const resources: BenchSuite = {
  name: 'resources',
  serverInProcess: true,
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const engine of ctx.engines) {
      ctx.log(`resources: starting the server on ${engine}`);
      const bench = await startBenchServer(engine, ctx);
      try {
        const userId = await bench.createUser({ username: USERNAME, password: PASSWORD });
        const started = Date.now();
        const seed = await seedPacking(bench.server.database, userId);
        const seconds = (Date.now() - started) / 1000;
        ctx.log(`resources: seeded ${seed.items} items in ${seconds.toFixed(1)} s on ${engine}`);
        rows.push({
          suite: 'resources',
          name: `seed 100,000 packing items [${engine}]`,
          value: Math.round(seconds * 10) / 10,
          unit: 's',
          note: `${seed.projects.length} projects; multi-row inserts of 10,000 rows per transaction`,
        });
        const signIn = await fetch(`${bench.url}/api/get-token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
        });
        if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
        const { token } = (await signIn.json()) as { token: string };
        const headers = { authorization: `Token ${token}` };

        const { project, commodity, location, matching } = seed.target;
        const listPath = `/api/packing-list/?project=${project}&commodity=${commodity}&location=${location}&page=30`;
        const check = await fetch(`${bench.url}${listPath}`, { headers });
        const body = (await check.json()) as { count?: number; results?: unknown[] };
        if (check.status !== 200 || body.count !== matching || body.results?.length !== 10)
          throw new Error(`the packing list answered ${check.status} ${JSON.stringify(body).slice(0, 200)}`);

        ctx.log(`resources: packing list on ${engine}`);
        const list = await measuredLoad({ url: `${bench.url}${listPath}`, headers });
        const goal = GOALS[engine];
        const [rps, p99] = loadRows(
          'resources',
          `GET packing-list ?project&commodity&location&page=30 [${engine}]`,
          list,
          `${matching} matching of ${seed.items}`,
        );
        const clean = rps.ok;
        rows.push(
          { ...rps, goal: `>= ${goal.rps} req/s`, ok: clean && list.requestsPerSecond >= goal.rps },
          goal.p99 === undefined
            ? p99
            : { ...p99, goal: `< ${goal.p99} ms`, ok: clean && list.p99 < goal.p99 },
          cpuRow(`GET packing-list [${engine}]`, list),
        );

        ctx.log(`resources: projects search on ${engine}`);
        const search = await measuredLoad({ url: `${bench.url}/api/project/?search=atlantic`, headers });
        rows.push(
          ...loadRows('resources', `GET project ?search=atlantic [${engine}]`, search),
          cpuRow(`GET project ?search=atlantic [${engine}]`, search),
        );
      } finally {
        await bench.close();
      }
    }
    return rows;
  },
};

export default resources;
