// 20 simulated devices syncing one project for 60 s (BENCH_DEVICES_SECONDS): changes applied per second,
// p99 of push and of pull, the server's CPU per change, and its memory before and after the soak. The
// server runs in its own process (PGlite on disk, or a new database on DATABASE_URL's PostgreSQL) so its
// memory and CPU are its own; the devices (real local store and sync on fake IndexedDB) run in the bench
// process, on the same cores.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../../../server/testing.js';
import { percentile } from '../../soak/support/server-devices.js';
import { type ServerProcess, spawnServer } from '../../soak/support/server-process.js';
import { handsEverywhere, runSoak } from '../../soak/support/server-soak.js';
import type { BenchContext, BenchRow, BenchSuite } from '../lib.js';

const DEVICES = 20;
const SECONDS = Number(process.env.BENCH_DEVICES_SECONDS ?? 60);
const USERS = ['tally_a', 'tally_b', 'tally_c', 'tally_d', 'tally_e'];
const MB = 1024 * 1024;
const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

async function measure(engine: 'pglite' | 'postgres', ctx: BenchContext): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'kt-bench-devices-'));
  let drop = async () => {};
  let server: ServerProcess | undefined;
  try {
    let databaseUrl: string | undefined;
    if (engine === 'postgres') {
      if (!ctx.databaseUrl) throw new Error('the postgres engine needs DATABASE_URL');
      const created = await createTestDatabase(ctx.databaseUrl);
      databaseUrl = created.url;
      drop = created.drop;
    }
    server = await spawnServer({
      dataDir: join(dir, 'data'),
      databaseUrl,
      users: USERS.map((username, n) => ({ username, role: n === 0 ? 'admin' : 'staff' })),
    });
    const live = server;
    let rssBefore = 0;
    let cpuBefore = 0;
    ctx.log(`devices: ${DEVICES} devices for ${SECONDS} s on one project [${engine}]`);
    const result = await runSoak({
      server: live,
      usernames: USERS,
      devices: DEVICES,
      seconds: SECONDS,
      onReady: () => {
        rssBefore = live.rssBytes();
        cpuBefore = live.cpuMs();
      },
    });
    const cpu = live.cpuMs() - cpuBefore;
    const rssAfter = live.rssBytes();
    const { onServer, onDevices } = await handsEverywhere(live, result);
    const agreeing = onDevices.filter((rows) => JSON.stringify(rows) === JSON.stringify(onServer)).length;
    for (const device of result.devices) device.close();
    const { push, pull } = result.timings;
    const label = `${DEVICES} devices × ${round(result.seconds)} s on one project`;
    const row = (name: string, value: number, unit: string, extra: Partial<BenchRow> = {}): BenchRow => ({
      suite: 'devices',
      name: `${label}: ${name} [${engine}]`,
      value,
      unit,
      ...extra,
    });
    return [
      row('changes applied', round(result.applied / result.seconds, 1), 'changes/s', {
        note: `${result.applied} applied of ${result.made} made during the soak; ${result.failedRounds} failed rounds; the devices share the cores with the server`,
      }),
      row('push p99', round(percentile(push, 99)), 'ms', {
        note: `p50 ${round(percentile(push, 50))} ms over ${push.length} pushes`,
      }),
      row('pull p99', round(percentile(pull, 99)), 'ms', {
        note: `p50 ${round(percentile(pull, 50))} ms over ${pull.length} pulls`,
      }),
      row('server CPU per applied change', round(cpu / Math.max(1, result.applied), 1), 'ms CPU', {
        note: `${round(cpu)} ms of the server process's CPU during the soak, pulls included`,
      }),
      row('server memory before the soak', round(rssBefore / MB), 'MB RSS', {
        note: 'the server process, after the devices’ first sync',
      }),
      row('server memory after the soak', round(rssAfter / MB), 'MB RSS', {
        note: `${rssAfter >= rssBefore ? '+' : ''}${round((rssAfter - rssBefore) / MB)} MB over the soak; ${onServer.length} hands`,
      }),
      row('devices agreeing with the server', agreeing, 'devices', {
        goal: `${DEVICES} of ${DEVICES}`,
        ok: agreeing === DEVICES,
      }),
    ];
  } finally {
    await server?.stop();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const devices: BenchSuite = {
  name: 'devices',
  serverInProcess: true,
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const engine of ctx.engines) rows.push(...(await measure(engine, ctx)));
    return rows;
  },
};

export default devices;
