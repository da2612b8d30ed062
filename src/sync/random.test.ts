// Adversarial: a device makes random offline changes while the network fails at random (500s, 503s,
// connections dropped before and after the server got a batch, lost answers) and the office edits the
// same records; in the end every change arrived exactly once and the device agrees with the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeRecord, saveRecord, updateRecord } from '../store/writes';
import { type FaultAction, startFaultProxy } from './testing/fault-proxy';
import { makeDevice, type SyncServer, startSyncServer, type TestUser } from './testing/harness';

let server: SyncServer;
// Deleting projects is for admins.
let staff: TestUser;

beforeAll(async () => {
  server = await startSyncServer();
  staff = await server.user('random_walker', 'admin');
});
afterAll(() => server?.close());

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FAULTS: FaultAction[] = [
  { kind: 'drop-before' },
  { kind: 'drop-after' },
  { kind: 'status', status: 500, afterForward: true },
  { kind: 'status', status: 503 },
];

describe('random faults', () => {
  it.each((process.env.SYNC_SEEDS ?? '11,29').split(',').map(Number))(
    'seed %i: every change once, device and server agree',
    async (seed) => {
      const next = random(seed);
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
      const proxy = await startFaultProxy(server.url);
      try {
        const device = await makeDevice(server, staff, { baseUrl: proxy.url });
        const expected = new Map<
          string,
          { name: string; dock: string | null; number_gangs: number | null }
        >();
        const office = new Map<string, string>();
        for (let step = 0; step < 60; step += 1) {
          const ids = [...expected.keys()];
          const roll = next();
          if (roll < 0.3 || ids.length === 0) {
            const name = `MV Random ${seed}-${step}`;
            const { id } = await saveRecord(device.ctx, 'project', { name });
            expected.set(id, { name, dock: null, number_gangs: null });
          } else if (roll < 0.75) {
            const id = pick(ids);
            const change = next() < 0.5 ? { dock: `Dock ${step}` } : { number_gangs: step };
            await updateRecord(device.ctx, 'project', id, change);
            expected.set(id, {
              ...(expected.get(id) ?? { name: '', dock: null, number_gangs: null }),
              ...change,
            });
          } else if (roll < 0.85) {
            const id = pick(ids);
            await removeRecord(device.ctx, 'project', id);
            expected.delete(id);
            office.delete(id);
          } else {
            // The office edits another field of a record the server already has.
            const id = pick(ids);
            const remarks = `office ${step}`;
            const answer = await server.rest(staff, 'PATCH', `/api/project/${id}/`, { remarks });
            if (answer.status === 200) office.set(id, remarks);
          }
          if (next() < 0.4) proxy.rules.push({ action: pick(FAULTS) });
          if (next() < 0.3) await device.push(1 + Math.floor(next() * 6)).catch(() => null);
          if (next() < 0.15) await device.pull().catch(() => null);
        }
        // The network did misbehave, in both directions.
        const outcomes = new Set(proxy.requests.map((request) => request.outcome));
        expect(outcomes.has('dropped') && (outcomes.has(500) || outcomes.has(503))).toBe(true);
        proxy.rules.length = 0;
        await device.push();
        await device.pull();

        expect(await device.db.outbox.toArray()).toEqual([]);
        const rows = await server.server.query(
          'select id, name, dock, number_gangs, remarks, deleted_at from project where name like $1',
          [`MV Random ${seed}-%`],
        );
        const live = rows.filter((row) => row.deleted_at === null);
        expect(new Set(live.map((row) => row.id))).toEqual(new Set(expected.keys()));
        for (const row of live) {
          const want = expected.get(String(row.id));
          expect({ name: row.name, dock: row.dock, number_gangs: row.number_gangs }).toEqual(want);
          expect(row.remarks).toBe(office.get(String(row.id)) ?? null);
          const local = await device.row('project', String(row.id));
          expect(local).toMatchObject({ ...want, remarks: row.remarks });
          expect(local?._sync).toBeUndefined();
        }
        expect(
          await device.db
            .rows('project')
            .filter((row) => String(row.name).startsWith(`MV Random ${seed}-`))
            .count(),
        ).toBe(live.length);
        // Exactly once: no record was created twice, no mutation applied twice.
        const creates = await server.server.query(
          "select record_id, count(*)::int as n from audit_log where resource = 'project' and action = 'create' group by record_id having count(*) > 1",
        );
        expect(creates).toEqual([]);
        const dupes = await server.server.query(
          'select mutation_id, count(*)::int as n from audit_log where mutation_id is not null group by mutation_id, record_id, version having count(*) > 1',
        );
        expect(dupes).toEqual([]);
      } finally {
        await proxy.close();
      }
    },
  );
});
