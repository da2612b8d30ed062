// Adversarial: a device makes random offline changes while the network fails at random (500s, 503s,
// connections dropped before and after the server got a batch, lost answers), its clock a year ahead, a
// year behind or right, changing between syncs; the office edits the same records, the same fields
// included; both try what must be refused (nulls for defaulted fields, moves of a record to another
// project, also as an older app queued them). The user settles what waits for attention as it comes
// (keeps or gives up a conflict, discards a refusal). In the end every change arrived exactly once, the
// value standing in each field is that of the last write in real time, nothing moved, and the device
// agrees with the server.
import { describe, expect, it } from 'vitest';
import { discardEntry, discardPreview, retryEntry } from '../store/attention';
import { setKeptOffline } from '../store/meta';
import { needsAttention } from '../store/queries';
import { LocalValidationError } from '../store/validate';
import { removeRecord, saveRecord, updateRecord } from '../store/writes';
import { type FaultAction, startFaultProxy } from './testing/fault-proxy';
import { FieldWrites } from './testing/field-writes';
import { makeDevice, syncRig, type TestDevice } from './testing/harness';
import { queueAsOlderApp } from './testing/older-app';

// Deleting projects is for admins.
const rig = syncRig('random_walker', 'admin');

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
const YEAR = 365 * 24 * 3600 * 1000;
/**
 * The office writes a field the device changed only this long after the device's change: a change counts
 * from when it was made plus the time its push took from the device's clock reading to the server's
 * receipt, so two writes closer than that have no order a test could state.
 */
const GAP_MS = 1500;
const MOVED = ['A record cannot move to another project.'];
const DEFAULTED = 'data_entry_completed';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What refuses a change the local store must not queue: the field named, nothing queued. */
async function refusedLocally(device: TestDevice, write: () => Promise<unknown>) {
  const before = await device.db.outbox.count();
  const error = await write().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LocalValidationError);
  expect(await device.db.outbox.count()).toBe(before);
  return error instanceof LocalValidationError ? error.fieldErrors : {};
}

describe('random faults, clocks and refusals', () => {
  it.each((process.env.SYNC_SEEDS ?? '11,29').split(',').map(Number))(
    'seed %i: every change once, the last write stands, nothing moved, device and server agree',
    async (seed) => {
      const next = random(seed);
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
      const proxy = await startFaultProxy(rig.server.url);
      let skew = pick([YEAR, -YEAR]);
      const deviceNow = () => Date.now() + skew;
      const stats = { conflicts: 0, rejected: 0, refusedLocally: 0, skews: new Set([skew]) };
      try {
        const device = await makeDevice(rig.server, rig.user, { baseUrl: proxy.url, now: deviceNow });
        const writes = new FieldWrites();
        const projects = new Set<string>();
        const incidences = new Map<string, string>();
        // A delete the user discards later (it depended on a refused change) gives the records back.
        const undo = new Map<string, () => void>();
        const deleteProject = (id: string, mutation: string | null) => {
          projects.delete(id);
          const gone = [...incidences].filter(([, project]) => project === id);
          for (const [incidence] of gone) incidences.delete(incidence);
          if (mutation)
            undo.set(mutation, () => {
              projects.add(id);
              for (const [incidence, project] of gone) incidences.set(incidence, project);
            });
        };
        // The user settles what waits: a conflict kept (sent again, now) or given up; a refusal discarded.
        const settle = async () => {
          for (let [item] = await needsAttention(device.db); item; [item] = await needsAttention(device.db)) {
            const { mutation_id, outcome, detail } = item.entry;
            if (outcome === 'conflict') stats.conflicts += 1;
            else stats.rejected += 1;
            if (outcome === 'conflict' && detail?.startsWith('A later change') && next() < 0.5) {
              await retryEntry(device.db, mutation_id, undefined, deviceNow());
              writes.retried(mutation_id);
              continue;
            }
            const doomed = await discardPreview(device.db, mutation_id);
            await discardEntry(device.db, mutation_id);
            writes.discarded(new Set(doomed.map((entry) => entry.mutation_id)));
            for (const entry of doomed) {
              if (entry.op === 'create' && entry.resource === 'incidence') incidences.delete(entry.record_id);
              undo.get(entry.mutation_id)?.();
            }
          }
        };
        const office = (id: string, body: Record<string, unknown>) =>
          rig.server.rest(rig.user, 'PATCH', `/api/project/${id}/`, body);

        for (let step = 0; step < 80; step += 1) {
          const ids = [...projects];
          const roll = next();
          if (roll < 0.2 || ids.length === 0) {
            const name = `MV Random ${seed}-${step}`;
            const { id } = await saveRecord(device.ctx, 'project', { name });
            await setKeptOffline(device.db, id, true);
            projects.add(id);
          } else if (roll < 0.45) {
            const id = pick(ids);
            const [field, value] = next() < 0.5 ? ['dock', `Dock ${step}`] : ['number_gangs', step];
            const { mutation_id } = await updateRecord(device.ctx, 'project', id, { [field]: value });
            if (mutation_id) writes.record(id, field, value, mutation_id);
          } else if (roll < 0.52) {
            const id = pick(ids);
            const { mutation_id } = await removeRecord(device.ctx, 'project', id);
            deleteProject(id, mutation_id);
          } else if (roll < 0.64) {
            // The office: the device's own field (once the device's change is clearly earlier) or another.
            const id = pick(ids);
            const [field, value] =
              next() < 0.5 ? ['dock', `Office dock ${step}`] : ['remarks', `office ${step}`];
            if (field === 'dock') await sleep(GAP_MS - Math.min(GAP_MS, writes.sinceDevice(id)));
            const answer = await office(id, { [field]: value });
            if (answer.status === 200) writes.record(id, field, value, null);
          } else if (roll < 0.72) {
            const project = pick(ids);
            const { id } = await saveRecord(device.ctx, 'incidence', {
              project,
              description: `Walk ${seed}-${step}`,
            });
            incidences.set(id, project);
          } else if (roll < 0.82) {
            // A move of an incidence to another project: refused by the store, the server, and in a push.
            const [id, from] = pick([...incidences]) ?? [];
            const to = ids.find((project) => project !== from);
            if (!id || !to) continue;
            const how = next();
            if (how < 0.34) {
              const refused = await refusedLocally(device, () =>
                updateRecord(device.ctx, 'incidence', id, { project: to }),
              );
              expect(refused).toEqual({ project: MOVED });
              stats.refusedLocally += 1;
            } else if (how < 0.67) {
              const answer = await rig.server.rest(rig.user, 'PATCH', `/api/incidence/${id}/`, {
                project: to,
              });
              if (answer.status !== 404)
                expect(answer).toMatchObject({ status: 400, body: { project: MOVED } });
            } else
              await queueAsOlderApp(
                device,
                'incidence',
                id,
                { project: to },
                new Date(deviceNow()).toISOString(),
              );
          } else if (roll < 0.92) {
            // A null for a field with a default: the same three ways.
            const id = pick(ids);
            const how = next();
            if (how < 0.34) {
              const refused = await refusedLocally(device, () =>
                updateRecord(device.ctx, 'project', id, { [DEFAULTED]: null }),
              );
              expect(Object.keys(refused)).toEqual([DEFAULTED]);
              stats.refusedLocally += 1;
            } else if (how < 0.67) {
              const answer = await office(id, { [DEFAULTED]: null });
              if (answer.status !== 404) expect(answer.status).toBe(400);
              if (answer.status !== 404) expect(Object.keys(answer.body)).toEqual([DEFAULTED]);
            } else
              await queueAsOlderApp(
                device,
                'project',
                id,
                { [DEFAULTED]: null },
                new Date(deviceNow()).toISOString(),
              );
          } else {
            // The clock is set (or goes wrong again) between syncs: once what was made on it is sent.
            await device.push().catch(() => null);
            await settle();
            if ((await device.db.outbox.count()) === 0) {
              skew = pick([YEAR, -YEAR, 0]);
              stats.skews.add(skew);
            }
          }
          if (next() < 0.4) proxy.rules.push({ action: pick(FAULTS) });
          if (next() < 0.3) await device.push(1 + Math.floor(next() * 6)).catch(() => null);
          if (next() < 0.15) await device.pull().catch(() => null);
          await settle();
        }
        // The network did misbehave, in both directions; the server refused what it must.
        const outcomes = new Set(proxy.requests.map((request) => request.outcome));
        expect(outcomes.has('dropped') && (outcomes.has(500) || outcomes.has(503))).toBe(true);
        expect(stats.rejected).toBeGreaterThan(0);
        expect(stats.refusedLocally).toBeGreaterThan(0);
        proxy.rules.length = 0;
        for (let round = 0; round < 5 && (await device.db.outbox.count()) > 0; round += 1) {
          await device.push();
          await settle();
        }
        await device.pull();

        expect(await device.db.outbox.toArray()).toEqual([]);
        const rows = await rig.server.server.query(
          `select id, dock, number_gangs, remarks, ${DEFAULTED}, deleted_at from project where name like $1`,
          [`MV Random ${seed}-%`],
        );
        const live = rows.filter((row) => row.deleted_at === null);
        expect(new Set(live.map((row) => row.id))).toEqual(projects);
        for (const row of live) {
          const id = String(row.id);
          const want = {
            dock: writes.expected(id, 'dock'),
            number_gangs: writes.expected(id, 'number_gangs'),
            remarks: writes.expected(id, 'remarks'),
          };
          expect({ dock: row.dock, number_gangs: row.number_gangs, remarks: row.remarks }, id).toEqual(want);
          expect(row[DEFAULTED]).toBe(false);
          const local = await device.row('project', id);
          expect(local).toMatchObject(want);
          expect(local?._sync).toBeUndefined();
        }
        expect(
          await device.db
            .rows('project')
            .filter((row) => String(row.name).startsWith(`MV Random ${seed}-`))
            .count(),
        ).toBe(live.length);
        // Every incidence where it was created, on the server and on the device.
        const stored = await rig.server.server.query(
          'select id, project from incidence where description like $1 and deleted_at is null',
          [`Walk ${seed}-%`],
        );
        const onServer = new Map(stored.map((row) => [String(row.id), String(row.project)]));
        expect(onServer).toEqual(incidences);
        const onDevice = await device.db
          .rows('incidence')
          .filter((row) => String(row.description).startsWith(`Walk ${seed}-`))
          .toArray();
        expect(new Map(onDevice.map((row) => [row.id, row.project]))).toEqual(incidences);
        // Exactly once: no record was created twice, no mutation applied twice.
        const creates = await rig.server.server.query(
          "select record_id, count(*)::int as n from audit_log where action = 'create' group by resource, record_id having count(*) > 1",
        );
        expect(creates).toEqual([]);
        const dupes = await rig.server.server.query(
          'select mutation_id, count(*)::int as n from audit_log where mutation_id is not null group by mutation_id, record_id, version having count(*) > 1',
        );
        expect(dupes).toEqual([]);
        console.info(`seed ${seed}:`, {
          ...stats,
          skews: [...stats.skews].map((ms) => Math.round(ms / YEAR)),
        });
      } finally {
        await proxy.close();
      }
    },
  );
});
