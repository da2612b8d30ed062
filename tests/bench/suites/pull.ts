// The sync pull on the server alone (issue 19, "Replay and first sync": pulls cheap enough for many
// devices): a project of 5,000 incidences (pushed as a device would) downloaded in pages of 1,000, then
// pulls of that project and of the global scope with nothing new, as each device makes every minute,
// beside the health check's cost (the floor of any request on the machine at that moment).
// The server runs in a process of its own: its CPU time (Linux /proc; on PGlite the database's too,
// PostgreSQL's own is not) is the figure, without the client's HTTP and JSON work.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../../../server/testing.js';
import { SOAK_PASSWORD, spawnServer } from '../../soak/support/server-process.js';
import type { BenchContext, BenchRow, BenchSuite } from '../lib.js';
import type { Engine } from '../support/server.js';
import { connectSyncClient, round } from '../support/sync-client.js';

const ROWS = 5000;
const PAGE = 1000;
const EMPTY_PULLS = 200;

const pull: BenchSuite = {
  name: 'pull',
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const engine of ctx.engines) rows.push(...(await measure(engine, ctx)));
    return rows;
  },
};

async function measure(engine: Engine, ctx: BenchContext): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'kt-bench-pull-'));
  const database =
    engine === 'postgres' && ctx.databaseUrl ? await createTestDatabase(ctx.databaseUrl) : undefined;
  const server = await spawnServer({
    dataDir: join(dir, 'data'),
    databaseUrl: database?.url,
    users: [{ username: 'puller', role: 'admin' }],
  });
  const timed = async (run: () => Promise<void>) => {
    const cpu = server.cpuMs();
    const started = performance.now();
    await run();
    return { wallMs: performance.now() - started, cpuMs: server.cpuMs() - cpu };
  };
  const rows: BenchRow[] = [];
  try {
    const client = await connectSyncClient(server.url, 'puller', SOAK_PASSWORD);
    ctx.log(`pull [${engine}]: ${ROWS} incidences pushed`);
    await client.replay(client.incidences(ROWS), 500, 'applied');
    const state = `client_id=${client.clientId}&pending=0&needs_attention=0&files_pending=0`;
    const page = (scope: string, cursor: string) =>
      client.get(
        `/api/sync/pull/?scope=${scope}&limit=${PAGE}&${state}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ) as Promise<{ changes: unknown[]; cursor: string; has_more: boolean }>;
    const cursors: Record<string, string> = {};
    let pulled = 0;
    const download = await timed(async () => {
      for (const scope of [`project:${client.project}`, 'global']) {
        let cursor = '';
        for (;;) {
          const answer = await page(scope, cursor);
          pulled += answer.changes.length;
          cursor = answer.cursor;
          if (!answer.has_more) break;
        }
        cursors[scope] = cursor;
      }
    });
    if (pulled < ROWS) throw new Error(`pulled ${pulled} changes of ${ROWS}`);
    const empty = async (scope: string) => {
      const spent = await timed(async () => {
        for (let index = 0; index < EMPTY_PULLS; index += 1) {
          const answer = await page(scope, cursors[scope]);
          if (answer.changes.length > 0) throw new Error(`${scope}: ${answer.changes.length} new changes`);
        }
      });
      return { cpu: spent.cpuMs / EMPTY_PULLS, wall: spent.wallMs / EMPTY_PULLS };
    };
    const project = await empty(`project:${client.project}`);
    const global = await empty('global');
    // The floor of any request on this machine now: the health check, measured the same way.
    const health = await timed(async () => {
      for (let index = 0; index < EMPTY_PULLS; index += 1)
        await (await fetch(`${server.url}/api/health/`)).text();
    });
    const perRow = download.cpuMs / pulled;
    rows.push(
      {
        suite: 'pull',
        name: `server CPU per pulled row [${engine}]`,
        value: round(perRow * 1000, 0),
        unit: 'µs',
        goal: '<= 50 µs',
        ok: perRow <= 0.05,
        note: `${pulled} rows in pages of ${PAGE}: ${round(download.cpuMs, 0)} ms CPU, ${round(download.wallMs / 1000)} s wall`,
      },
      ...[
        ['a project', project],
        ['the global scope', global],
      ].map(([what, figure]) => {
        const { cpu, wall } = figure as { cpu: number; wall: number };
        return {
          suite: 'pull',
          name: `server CPU per pull of ${what} with nothing new [${engine}]`,
          value: round(cpu),
          unit: 'ms',
          goal: '<= 1 ms',
          ok: cpu <= 1,
          note: `${EMPTY_PULLS} pulls, ${round(wall)} ms wall each`,
        };
      }),
      {
        suite: 'pull',
        name: `server CPU per health check (the floor of a request) [${engine}]`,
        value: round(health.cpuMs / EMPTY_PULLS),
        unit: 'ms',
        note: `${EMPTY_PULLS} GET /api/health/, ${round(health.wallMs / EMPTY_PULLS)} ms wall each`,
      },
    );
  } finally {
    await server.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export default pull;
