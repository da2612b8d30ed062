// Simulated devices syncing one project for 60 s (BENCH_DEVICES_SECONDS): 200 devices on PostgreSQL
// served by two server processes on one database (devices alternate between them), 50 on PGlite (one
// process: it holds the database); BENCH_DEVICES overrides both counts. Changes applied per second, p99
// of push and of pull, server CPU per applied change (both processes), memory before and after, and
// whether every device converged to the server. The servers run in processes of their own; the devices
// (real local store and sync on fake IndexedDB) run in the bench process, on the same cores. Beside each
// p99 as a device measured it: the same requests as the servers timed them, and the event-loop delay of
// the bench process and of the servers, which say where a tail comes from (the server, or the devices'
// own process waiting for a core). On PostgreSQL, the database's sessions sampled every 100 ms during the
// soak: how many waited on the seq lock (0005_sync.sql), on any other lock, or were running a statement.
// The devices begin over the soak's first 5 s, each at its own moment as a shift's tablets do (all at one
// instant, the first round's 200 pushes queued behind each other and made the whole soak's p99: 1.4-1.8 s
// in its first 5 s, 231 ms after). That case is measured apart, after the soak: every device pushes one
// change at the same moment (the network back after an outage), its p99 and max reported beside.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createTestDatabase } from '../../../server/testing.js';
import type { LoopFigures } from '../../soak/support/loop-hold.js';
import { watchLoop } from '../../soak/support/loop-hold.js';
import { percentile } from '../../soak/support/server-devices.js';
import { type ServerProcess, spawnServer } from '../../soak/support/server-process.js';
import { handsEverywhere, runSoak } from '../../soak/support/server-soak.js';
import type { BenchContext, BenchRow, BenchSuite } from '../lib.js';

const DEVICES = { postgres: 200, pglite: 50 };
const PROCESSES = { postgres: 2, pglite: 1 };
const PUSH_GOAL_MS = { postgres: 250, pglite: 1000 };
const PULL_GOAL_MS = { postgres: 250, pglite: undefined };
const SECONDS = Number(process.env.BENCH_DEVICES_SECONDS ?? 60);
/** The devices begin over the soak's first seconds (as a shift's tablets do), not at one instant. */
const RAMP_SECONDS = 5;
const USERS = ['tally_a', 'tally_b', 'tally_c', 'tally_d', 'tally_e'];
const MB = 1024 * 1024;
const cores = availableParallelism();
const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

interface SessionSample {
  seqLock: number;
  otherLocks: number;
  active: number;
}

/** CPU time (ms) of each backend process of the database, read from /proc (the database on this machine). */
async function backendCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // Not on this machine, or gone.
    }
  }
  return cpu;
}

/**
 * Samples the database's sessions every `everyMs` until stopped: those waiting on the seq lock (advisory
 * lock 727275), on any other lock, and those running a statement (waiting or not). By Little's law the
 * mean number waiting on the seq lock is the rate of writes times their mean wait for it.
 */
function sampleSessions(url: string, everyMs = 100) {
  const client = new pg.Client({ connectionString: url });
  const samples: SessionSample[] = [];
  let stopped = false;
  let before = new Map<number, number>();
  let databaseCpuMs = 0;
  const running = (async () => {
    await client.connect();
    before = await backendCpu(client);
    while (!stopped) {
      const { rows } = await client.query<SessionSample>(
        `select count(*) filter (where l.classid = 0 and l.objid = 727275 and l.objsubid = 1)::int as "seqLock",
           count(*) filter (where a.wait_event_type = 'Lock' and (l.objid is distinct from 727275 or l.classid <> 0))::int as "otherLocks",
           count(*) filter (where a.state = 'active')::int - 1 as active
         from pg_stat_activity a
         left join pg_locks l on l.pid = a.pid and not l.granted and l.locktype = 'advisory'
         where a.datname = current_database() and a.backend_type = 'client backend'`,
      );
      if (rows[0]) samples.push(rows[0]);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    // The backends' CPU over the soak (one that closed meanwhile is not counted; one that opened counts whole).
    for (const [pid, ms] of await backendCpu(client)) databaseCpuMs += ms - (before.get(pid) ?? 0);
    await client.end();
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      return { samples, databaseCpuMs };
    },
  };
}

async function measure(engine: 'pglite' | 'postgres', ctx: BenchContext): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'kt-bench-devices-'));
  let drop = async () => {};
  const servers: ServerProcess[] = [];
  const count = Number(process.env.BENCH_DEVICES ?? DEVICES[engine]);
  try {
    let databaseUrl: string | undefined;
    if (engine === 'postgres') {
      if (!ctx.databaseUrl) throw new Error('the postgres engine needs DATABASE_URL');
      const created = await createTestDatabase(ctx.databaseUrl);
      databaseUrl = created.url;
      drop = created.drop;
    }
    // One after the other: the first makes the users, the next finds them.
    for (let n = 0; n < PROCESSES[engine]; n++)
      servers.push(
        await spawnServer({
          dataDir: join(dir, 'data'),
          databaseUrl,
          users: USERS.map((username, index) => ({ username, role: index === 0 ? 'admin' : 'staff' })),
          // The production default (the soak's servers use 5): a hundred devices share each process.
          env: { DATABASE_POOL_SIZE: '10' },
        }),
      );
    const [live, ...more] = servers;
    if (!live) throw new Error('no server');
    const sum = (read: (server: ServerProcess) => number) =>
      servers.reduce((total, one) => total + read(one), 0);
    let rssBefore = 0;
    let cpuBefore = 0;
    let benchLoop: ReturnType<typeof watchLoop> | undefined;
    let sessions: ReturnType<typeof sampleSessions> | undefined;
    ctx.log(
      `devices: ${count} devices for ${SECONDS} s on one project, ${servers.length} server process(es) [${engine}]`,
    );
    let soaked: Awaited<ReturnType<typeof readSoak>> | undefined;
    const readSoak = async () => {
      const cpu = sum((one) => one.cpuMs()) - cpuBefore;
      const benchCpu = process.cpuUsage(benchCpuBefore);
      const { samples, databaseCpuMs } = (await sessions?.stop()) ?? { samples: [], databaseCpuMs: 0 };
      const benchLoopFigures = benchLoop?.read();
      benchLoop?.stop();
      return {
        cpu,
        benchCpuMs: (benchCpu.user + benchCpu.system) / 1000,
        sampled: samples,
        databaseCpuMs,
        benchLoopFigures,
        served: await Promise.all(servers.map((one) => one.syncRequestTimes())),
        serverLoops: await Promise.all(servers.map((one) => one.loopDelay())),
      };
    };
    let benchCpuBefore = process.cpuUsage();
    const result = await runSoak({
      server: live,
      more,
      usernames: USERS,
      devices: count,
      seconds: SECONDS,
      rampSeconds: RAMP_SECONDS,
      burst: true,
      onReady: async () => {
        // From here on: the servers' own timings and event loops, and this process's.
        await Promise.all(servers.map((one) => Promise.all([one.syncRequestTimes(), one.loopDelay()])));
        benchLoop = watchLoop();
        if (databaseUrl) sessions = sampleSessions(databaseUrl);
        rssBefore = sum((one) => one.rssBytes());
        cpuBefore = sum((one) => one.cpuMs());
        benchCpuBefore = process.cpuUsage();
      },
      // The soak's figures end with its time: the burst round after it is timed apart.
      onSoaked: async () => {
        soaked = await readSoak();
      },
    });
    if (!soaked) throw new Error('the soak ended without its figures');
    const { cpu, benchCpuMs, sampled, databaseCpuMs, benchLoopFigures, served, serverLoops } = soaked;
    const rssAfter = sum((one) => one.rssBytes());
    const { onServer, onDevices } = await handsEverywhere(live, result);
    const agreeing = onDevices.filter((rows) => JSON.stringify(rows) === JSON.stringify(onServer)).length;
    for (const device of result.devices) device.close();
    const { push, pull } = result.timings;
    const servedPush = served.flatMap((one) => one.push);
    const servedPull = served.flatMap((one) => one.pull);
    const handledPush = served.flatMap((one) => one.handled.push);
    const handledPull = served.flatMap((one) => one.handled.pull);
    // Without the seconds run (they vary): the next run's row finds this one as its previous figure.
    const label = `${count} devices on one project, ${servers.length} process${servers.length > 1 ? 'es' : ''}`;
    const pushGoal = PUSH_GOAL_MS[engine];
    const pullGoal = PULL_GOAL_MS[engine];
    const row = (name: string, value: number, unit: string, extra: Partial<BenchRow> = {}): BenchRow => ({
      suite: 'devices',
      name: `${label}: ${name} [${engine}]`,
      value,
      unit,
      ...extra,
    });
    return [
      row('changes applied', round(result.applied / result.seconds, 1), 'changes/s', {
        note: `${result.applied} applied of ${result.made} made in ${round(result.seconds)} s; ${result.failedRounds} failed rounds; the devices share the cores with the server`,
      }),
      row('push p99', round(percentile(push, 99)), 'ms', {
        goal: `< ${pushGoal} ms`,
        ok: percentile(push, 99) < pushGoal,
        note: `p50 ${round(percentile(push, 50))} ms over ${push.length} pushes`,
      }),
      row('pull p99', round(percentile(pull, 99)), 'ms', {
        ...(pullGoal ? { goal: `< ${pullGoal} ms`, ok: percentile(pull, 99) < pullGoal } : {}),
        note: `p50 ${round(percentile(pull, 50))} ms over ${pull.length} pulls`,
      }),
      row('burst: every device pushing at the same moment, p99', round(percentile(result.burst, 99)), 'ms', {
        note: `max ${round(Math.max(...result.burst))} ms, p50 ${round(percentile(result.burst, 50))} ms over ${result.burst.length} pushes sent together after the soak (the network back after an outage)`,
      }),
      row('push p99 as the servers timed it', round(percentile(servedPush, 99)), 'ms', {
        note: `p50 ${round(percentile(servedPush, 50))} ms over ${servedPush.length} pushes: from the request's head parsed to the answer written`,
      }),
      row('pull p99 as the servers timed it', round(percentile(servedPull, 99)), 'ms', {
        note: `p50 ${round(percentile(servedPull, 50))} ms over ${servedPull.length} pulls`,
      }),
      row('push p99 as the servers handled it', round(percentile(handledPush, 99)), 'ms', {
        note: `p50 ${round(percentile(handledPush, 50))} ms over ${handledPush.length} pushes: from the body received to the answer ended (what the devices' sending and reading do not hold)`,
      }),
      row('pull p99 as the servers handled it', round(percentile(handledPull, 99)), 'ms', {
        note: `p50 ${round(percentile(handledPull, 50))} ms over ${handledPull.length} pulls: from the head parsed to the answer ended, before the socket takes it`,
      }),
      row(
        'event-loop delay of the bench process (the devices), p99',
        round(benchLoopFigures?.p99 ?? Number.NaN),
        'ms',
        {
          note: loopNote(benchLoopFigures),
        },
      ),
      row(
        'event-loop delay of the server processes, p99 (the worst)',
        round(Math.max(...serverLoops.map((one) => one.p99))),
        'ms',
        {
          note: serverLoops.map(loopNote).join('; '),
        },
      ),
      ...(sampled.length > 0 ? [sessionRow(row, sampled)] : []),
      row(
        'bench process CPU (the simulated devices)',
        round(benchCpuMs / 1000 / result.seconds, 2),
        'cores',
        {
          note: `${round(benchCpuMs)} ms of CPU in ${round(result.seconds)} s: the devices' own work, on the cores the servers and the database share (${cores} here)`,
        },
      ),
      row('server CPU per applied change', round(cpu / Math.max(1, result.applied), 1), 'ms CPU', {
        note: `${round(cpu)} ms of the server processes' CPU during the soak, pulls included`,
      }),
      ...(sampled.length > 0
        ? [
            row(
              'database CPU per applied change',
              round(databaseCpuMs / Math.max(1, result.applied), 1),
              'ms CPU',
              {
                note: `${round(databaseCpuMs)} ms of the PostgreSQL backends' CPU during the soak, pulls included (/proc)`,
              },
            ),
          ]
        : []),
      row('server memory before the soak', round(rssBefore / MB), 'MB RSS', {
        note: 'the server processes together, after the devices’ first sync',
      }),
      row('server memory after the soak', round(rssAfter / MB), 'MB RSS', {
        note: `${rssAfter >= rssBefore ? '+' : ''}${round((rssAfter - rssBefore) / MB)} MB over the soak; ${onServer.length} hands`,
      }),
      row('devices agreeing with the server', agreeing, 'devices', {
        goal: `${count} of ${count}`,
        ok: agreeing === count,
      }),
    ];
  } finally {
    await Promise.all(servers.map((one) => one.stop()));
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The sessions sampled during the soak: the mean waiting on the seq lock, the rest in the note. */
function sessionRow(
  row: (name: string, value: number, unit: string, extra?: Partial<BenchRow>) => BenchRow,
  samples: SessionSample[],
): BenchRow {
  const mean = (read: (one: SessionSample) => number) =>
    samples.reduce((total, one) => total + read(one), 0) / samples.length;
  const max = (read: (one: SessionSample) => number) => Math.max(...samples.map(read));
  return row(
    'database sessions waiting on the seq lock, mean',
    round(
      mean((one) => one.seqLock),
      2,
    ),
    'sessions',
    {
      note: `max ${max((one) => one.seqLock)}; waiting on other locks: mean ${round(
        mean((one) => one.otherLocks),
        2,
      )}, max ${max((one) => one.otherLocks)}; running a statement: mean ${round(
        mean((one) => one.active),
        1,
      )}, max ${max((one) => one.active)}; ${samples.length} samples, one each 100 ms`,
    },
  );
}

/** A loop's figures in words: the wall-clock delay, and how much of it was the thread's own work. */
const loopNote = (loop: LoopFigures | undefined) =>
  loop
    ? `max ${round(loop.max)} ms; own work between two 5 ms ticks p99 ${round(loop.heldP99)} ms, max ${round(loop.heldMax)} ms (the rest of a delay is waiting for a core)`
    : 'not measured';

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
