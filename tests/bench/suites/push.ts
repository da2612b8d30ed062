// The sync push on the server alone (issue 19, "Replay and first sync"): 1,000 queued changes (a
// project's incidences, as the sync suite's replay makes them in the browser) pushed over loopback HTTP
// in batches of 200, then the same batches again (all `duplicate`, a device that never got the answers).
// Per change: the server process's CPU time (this process: the client's JSON work is in it too, and on
// PGlite the database; PostgreSQL's own CPU is not) and the wall time of the whole replay; then 1,000
// one-field updates of those records, and 1,000 deletes of them.
import type { BenchRow, BenchSuite } from '../lib.js';
import type { Engine } from '../support/server.js';
import { round, startSyncClient, timed } from '../support/sync-client.js';

const CHANGES = 1000;
const BATCH = 200;
const GOALS: Record<Engine, { applied: number; total: number }> = {
  postgres: { applied: 0.5, total: 1 },
  pglite: { applied: 1, total: 2 },
};

const push: BenchSuite = {
  name: 'push',
  serverInProcess: true,
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const engine of ctx.engines) {
      const client = await startSyncClient(engine, ctx);
      try {
        const mutations = client.incidences(CHANGES);
        const replay = (expected: string) => () => client.replay(mutations, BATCH, expected);
        ctx.log(`push [${engine}]: ${CHANGES} creates in batches of ${BATCH}`);
        const applied = await timed(replay('applied'));
        const duplicates = await timed(replay('duplicate'));
        // Mutations of those records, in seq order after the creates, as a tablet's queue holds them.
        const following = (op: string, turn: number, data?: (index: number) => Record<string, unknown>) =>
          mutations.map((mutation, index) => ({
            ...client.incidences(1, turn * CHANGES + index + 1)[0],
            op,
            id: mutation.id,
            data: data?.(index),
          }));
        // Edits (a field each), then the records deleted (a day's entries cleared).
        const edits = following('update', 1, (index) => ({ description: `Edited ${index + 1}` }));
        const updated = await timed(() => client.replay(edits, BATCH, 'applied'));
        const deleted = await timed(() => client.replay(following('delete', 2), BATCH, 'applied'));
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
          ...(
            [
              ['update', 'one-field updates', updated],
              ['delete', 'deletes', deleted],
            ] as const
          ).map(([op, what, spent]) => ({
            suite: 'push',
            name: `server CPU per applied ${op} [${engine}]`,
            value: round(spent.cpuMs / CHANGES),
            unit: 'ms',
            goal: `<= ${goal.applied} ms`,
            ok: spent.cpuMs / CHANGES <= goal.applied,
            note: `${CHANGES} ${what} of those records in pushes of ${BATCH}: ${round(spent.wallMs / 1000)} s wall`,
          })),
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
        await client.bench.close();
      }
    }
    return rows;
  },
};

export default push;
