// Adversarial, as a property (fast-check): a device makes offline changes while the network fails
// (500s, 503s, connections dropped before and after the server got a batch, lost answers), its clock a
// year ahead, a year behind or right, changing between syncs; the office edits the same records, the
// same fields included; both try what must be refused (nulls for defaulted fields, moves of a record to
// another project, also as an older app queued them). The user settles what waits for attention as it
// comes (keeps or gives up a conflict, discards a refusal). For every walk fast-check generates, in the
// end every change arrived exactly once, the value standing in each field is that of the last write in
// real time, nothing moved, and the device agrees with the server. A failing walk is shrunk to a
// smaller one (steps turned idle, faults and syncs left out) and printed with its seed and path:
// SYNC_SEED=<seed> SYNC_PATH=<path> replays it; SYNC_RUNS=<n> walks more (2 by default, as CI runs).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../domain/messages';
import { discardEntry, discardPreview, retryEntry } from '../store/attention';
import { setKeptOffline } from '../store/meta';
import { needsAttention } from '../store/queries';
import { LocalValidationError } from '../store/validate';
import { removeRecord, saveRecord, updateRecord } from '../store/writes';
import { startFaultProxy } from './testing/fault-proxy';
import { FieldWrites } from './testing/field-writes';
import { makeDevice, syncRig, type TestDevice } from './testing/harness';
import { queueAsOlderApp } from './testing/older-app';
import { at, type Walk, walk, YEAR } from './testing/walk-steps';

// Deleting projects is for admins.
const rig = syncRig('random_walker', 'admin');

/**
 * The office writes a field the device changed only this long after the device's change: a change counts
 * from when it was made plus the time its push took from the device's clock reading to the server's
 * receipt, so two writes closer than that have no order a test could state.
 */
const GAP_MS = 1500;
// The server's words; the device's own check refuses with the domain message.
const MOVED = ['A record cannot move to another project.'];
const MOVED_HERE = [messages.moved];
const DEFAULTED = 'data_entry_completed';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a failing walk is shrunk before the smallest one found is reported. */
const SHRINK_MS = 3 * 60_000;
/** The walks CI takes (SYNC_SEED changes them). */
const SEED = 11;

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

/** What the walks met, added up: that they did misbehave is checked once all have run. */
interface Totals {
  walks: number;
  outcomes: Set<string | number>;
  conflicts: number;
  rejected: number;
  refusedLocally: number;
  skews: Set<number>;
}

/** One walk against the server, then its checks (an expect that fails makes fast-check shrink it). */
async function walkAndCheck({ skew: startSkew, steps }: Walk, stats: Totals) {
  stats.walks += 1;
  // The records of this walk, among those of the walks before it on the same server.
  const seed = `${process.pid}.${stats.walks}`;
  const proxy = await startFaultProxy(rig.server.url);
  let skew = startSkew;
  stats.skews.add(skew);
  const deviceNow = () => Date.now() + skew;
  let keep = false;
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
        if (outcome === 'conflict' && detail?.startsWith('A later change') && keep) {
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

    for (const [step, { action, fault, push, pull, keep: keepConflicts }] of steps.entries()) {
      keep = keepConflicts;
      const ids = [...projects];
      const chosen = 'pick' in action ? at(ids, action.pick) : undefined;
      if (
        action.kind === 'create' ||
        (chosen === undefined && action.kind !== 'idle' && action.kind !== 'clock')
      ) {
        const name = `MV Random ${seed}-${step}`;
        const { id } = await saveRecord(device.ctx, 'project', { name });
        await setKeptOffline(device.db, id, true);
        projects.add(id);
      } else if (action.kind === 'device-edit' && chosen) {
        const value = action.field === 'dock' ? `Dock ${step}` : step;
        const { mutation_id } = await updateRecord(device.ctx, 'project', chosen, { [action.field]: value });
        if (mutation_id) writes.record(chosen, action.field, value, mutation_id);
      } else if (action.kind === 'device-delete' && chosen) {
        const { mutation_id } = await removeRecord(device.ctx, 'project', chosen);
        deleteProject(chosen, mutation_id);
      } else if (action.kind === 'office-edit' && chosen) {
        // The office: the device's own field (once the device's change is clearly earlier) or another.
        const value = action.field === 'dock' ? `Office dock ${step}` : `office ${step}`;
        if (action.field === 'dock') await sleep(GAP_MS - Math.min(GAP_MS, writes.sinceDevice(chosen)));
        const answer = await office(chosen, { [action.field]: value });
        if (answer.status === 200) writes.record(chosen, action.field, value, null);
      } else if (action.kind === 'incidence' && chosen) {
        const { id } = await saveRecord(device.ctx, 'incidence', {
          project: chosen,
          description: `Walk ${seed}-${step}`,
        });
        incidences.set(id, chosen);
      } else if (action.kind === 'move') {
        // A move of an incidence to another project: refused by the store, the server, and in a push.
        const [id, from] = at([...incidences], action.pick) ?? [];
        const to = at(
          ids.filter((project) => project !== from),
          action.to,
        );
        if (id && to && action.how === 'locally') {
          const refused = await refusedLocally(device, () =>
            updateRecord(device.ctx, 'incidence', id, { project: to }),
          );
          expect(refused).toEqual({ project: MOVED_HERE });
          stats.refusedLocally += 1;
        } else if (id && to && action.how === 'rest') {
          const answer = await rig.server.rest(rig.user, 'PATCH', `/api/incidence/${id}/`, {
            project: to,
          });
          // A project made on the device and not sent yet (or deleted) is none the server knows: refused so.
          const unknown = [`Invalid pk "${to}" - object does not exist.`];
          if (answer.status !== 404) expect(answer.status).toBe(400);
          if (answer.status !== 404) expect([MOVED, unknown]).toContainEqual(answer.body.project);
        } else if (id && to)
          await queueAsOlderApp(
            device,
            'incidence',
            id,
            { project: to },
            new Date(deviceNow()).toISOString(),
          );
      } else if (action.kind === 'null-default' && chosen) {
        // A null for a field with a default: the same three ways.
        if (action.how === 'locally') {
          const refused = await refusedLocally(device, () =>
            updateRecord(device.ctx, 'project', chosen, { [DEFAULTED]: null }),
          );
          expect(Object.keys(refused)).toEqual([DEFAULTED]);
          stats.refusedLocally += 1;
        } else if (action.how === 'rest') {
          const answer = await office(chosen, { [DEFAULTED]: null });
          if (answer.status !== 404) expect(answer.status).toBe(400);
          if (answer.status !== 404) expect(Object.keys(answer.body)).toEqual([DEFAULTED]);
        } else
          await queueAsOlderApp(
            device,
            'project',
            chosen,
            { [DEFAULTED]: null },
            new Date(deviceNow()).toISOString(),
          );
      } else if (action.kind === 'clock') {
        // The clock is set (or goes wrong again) between syncs: once what was made on it is sent.
        await device.push().catch(() => null);
        await settle();
        if ((await device.db.outbox.count()) === 0) {
          skew = action.skew;
          stats.skews.add(skew);
        }
      }
      if (fault) proxy.rules.push({ action: fault });
      if (push > 0) await device.push(push).catch(() => null);
      if (pull) await device.pull().catch(() => null);
      await settle();
    }
    for (const request of proxy.requests) stats.outcomes.add(request.outcome);
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
  } finally {
    await proxy.close();
  }
}

describe('random faults, clocks and refusals', () => {
  it(
    'for every walk: every change once, the last write stands, nothing moved, device and server agree',
    async () => {
      const stats: Totals = {
        walks: 0,
        outcomes: new Set(),
        conflicts: 0,
        rejected: 0,
        refusedLocally: 0,
        skews: new Set(),
      };
      // A fixed seed, as CI runs it (the walks are the same each run; the network's timing is not):
      // SYNC_SEED=random walks new ones, SYNC_SEED=<seed> SYNC_PATH=<path> replays a reported failure.
      const seed = process.env.SYNC_SEED === 'random' ? {} : { seed: Number(process.env.SYNC_SEED ?? SEED) };
      const replay = { ...seed, ...(process.env.SYNC_PATH ? { path: process.env.SYNC_PATH } : {}) };
      await fc.assert(
        fc.asyncProperty(walk, (generated) => walkAndCheck(generated, stats)),
        {
          numRuns: Number(process.env.SYNC_RUNS ?? 2),
          ...replay,
          // Shrinking a failing walk runs it again and again: given up (and the smallest walk so far
          // reported) after this long.
          plugins: [fc.interruptAfterTimeLimit(SHRINK_MS, { failOnInterrupt: true })],
        },
      );
      // The walks did meet it all: the network misbehaved, in both directions; the server and the store
      // refused what they must.
      expect(stats.outcomes.has('dropped') && (stats.outcomes.has(500) || stats.outcomes.has(503))).toBe(
        true,
      );
      expect(stats.rejected).toBeGreaterThan(0);
      expect(stats.refusedLocally).toBeGreaterThan(0);
      console.info('walks:', {
        ...stats,
        outcomes: [...stats.outcomes],
        skews: [...stats.skews].map((ms) => Math.round(ms / YEAR)),
      });
    },
    SHRINK_MS + 60_000,
  );
});
