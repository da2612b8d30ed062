// Many simulated tablets on one project: each keeps making changes (new hands, edits of anyone's hands)
// and syncing (push, then pull) until the time is up; then everyone syncs until nothing is pending. Used
// by the convergence soak test and by the devices bench.
import { retryEntry } from '../../../src/store/attention';
import { saveRecord, updateRecord } from '../../../src/store/writes';
import { lookupIds } from '../../../src/sync/testing/harness';
import { makeSoakDevice, rest, type SignedIn, type SoakDevice, signIn, type Timings } from './server-devices';
import type { ServerProcess } from './server-process';

export interface SoakOptions {
  server: ServerProcess;
  /** More server processes on the same database: device n talks to [server, ...more][n % count]. */
  more?: ServerProcess[];
  /** Users the devices sign in as, in turn (made at the server's start). */
  usernames: string[];
  devices: number;
  seconds: number;
  /** Called (and awaited) once the devices have their first sync, before the soak starts. */
  onReady?: () => void | Promise<void>;
  /**
   * Devices begin their work spread over these first seconds, as tablets whose users start at their own
   * moments (device n after n/devices of it); 0: all at the same moment.
   */
  rampSeconds?: number;
  /**
   * After the soak, before the drain: every device makes one change and pushes it at the same moment
   * (the network back after an outage), timed apart in `burst`.
   */
  burst?: boolean;
  /** Called (and awaited) when the soak's time is up, before the burst round and the drain. */
  onSoaked?: () => void | Promise<void>;
}

export interface SoakResult {
  project: string;
  devices: SoakDevice[];
  /** Changes the server answered 'applied' during the soak (not the final drain). */
  applied: number;
  /** Changes made on the devices. */
  made: number;
  /** Failed push or pull rounds (network errors, 5xx): retried on the next round. */
  failedRounds: number;
  /**
   * Changes answered 'conflict' (a field another device wrote later, in the server's order, kept its
   * value): each waits in "Needs attention" until its user decides; the drain decides "keep mine".
   */
  conflicts: number;
  seconds: number;
  timings: Timings;
  /** The pushes of the burst round (options.burst), all sent at one moment. */
  burst: number[];
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/** One change on a device: a new hand, or an edit of anyone's hand (none when the edit changes nothing). */
async function change(device: SoakDevice, event: string, label: string, step: number) {
  const hands = await device.db.rows('hand').toArray();
  const target = pick(hands);
  let change: { mutation_id: string | null };
  if (!target || Math.random() < 0.4)
    change = await saveRecord(device.ctx, 'hand', {
      event,
      description: `${label} gang ${step}`,
      crew_count: step % 20,
    });
  else if (Math.random() < 0.5)
    change = await updateRecord(device.ctx, 'hand', target.id, { crew_count: step % 30 });
  else change = await updateRecord(device.ctx, 'hand', target.id, { foreman: `${label} #${step}` });
  return change.mutation_id ? 1 : 0;
}

/** One device's turn: one change, then push and pull. */
async function turn(device: SoakDevice, event: string, label: string, step: number) {
  const made = await change(device, event, label, step);
  try {
    const summary = await device.push();
    await device.pull();
    return { made, applied: summary.applied, failed: 0 };
  } catch {
    // A network error or 5xx: the change waits in the outbox for the next round.
    return { made, applied: 0, failed: 1 };
  }
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { server } = options;
  const url = () => server.url;
  const admin: SignedIn = await signIn(server.url, options.usernames[0] ?? '');
  const timings: Timings = { push: [], pull: [] };
  // The project and its working shift, made by the office; in progress, so every device keeps it offline.
  const probe = await makeSoakDevice(url, admin);
  await probe.pull();
  const ids = await lookupIds(probe.db);
  probe.close();
  const project = await rest<{ id: string }>(server.url, admin, 'POST', '/api/project/', {
    name: `MV Soak ${Date.now()}`,
    status: ids.inProgress,
  });
  const event = await rest<{ id: string }>(server.url, admin, 'POST', '/api/project-event/', {
    project: project.body.id,
    event: ids.workingShift,
    init_date: '2026-11-22T06:00:00Z',
  });
  const users = await Promise.all(options.usernames.map((name) => signIn(server.url, name)));
  const devices: SoakDevice[] = [];
  const servers = [server, ...(options.more ?? [])];
  for (let n = 0; n < options.devices; n++) {
    const own = servers[n % servers.length] ?? server;
    const device = await makeSoakDevice(() => own.url, users[n % users.length] ?? admin, timings);
    await device.pull();
    devices.push(device);
  }
  timings.push.length = 0;
  timings.pull.length = 0;
  await options.onReady?.();

  let applied = 0;
  let made = 0;
  let failedRounds = 0;
  const started = Date.now();
  const end = started + options.seconds * 1000;
  const ramp = ((options.rampSeconds ?? 0) * 1000) / options.devices;
  await Promise.all(
    devices.map(async (device, n) => {
      if (ramp > 0) await new Promise((resolve) => setTimeout(resolve, n * ramp));
      for (let step = 0; Date.now() < end; step++) {
        const done = await turn(device, event.body.id, `Tablet ${n + 1}`, step);
        made += done.made;
        applied += done.applied;
        failedRounds += done.failed;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  await options.onSoaked?.();

  // Timed as the soak's pushes are (the request alone), then taken out of the soak's figures.
  let burst: number[] = [];
  if (options.burst) {
    await Promise.all(devices.map((device, n) => change(device, event.body.id, `Tablet ${n + 1}`, 999)));
    const before = timings.push.length;
    await Promise.all(devices.map((device) => device.push().catch(() => undefined)));
    burst = timings.push.splice(before);
  }

  // Everyone sends what is left, then everyone pulls what the others sent. A change that lost a field to
  // a later write waits for its user (the protocol's conflict); here the user keeps theirs, as the fix
  // form's "Send mine again" does. Anything else waiting for attention is a refusal: a defect, named.
  let conflicts = 0;
  const settle = async (device: SoakDevice) => {
    const waiting = (await device.db.outbox.toArray()).filter((entry) => entry.state === 'needs_attention');
    for (const entry of waiting) {
      if (entry.outcome !== 'conflict')
        throw new Error(
          `a change was refused: ${entry.op} ${entry.resource} ${JSON.stringify(entry.errors ?? entry.detail)}`,
        );
      conflicts++;
      await retryEntry(device.db, entry.mutation_id);
    }
  };
  for (const device of devices) {
    // Why the last push failed, named in the failure (CI once saw a device give up, with nothing said).
    let lastFailure: unknown = 'none';
    for (let attempt = 0; (await device.db.outbox.count()) > 0; attempt++) {
      if (attempt > 20)
        throw new Error(
          `a device could not empty its outbox (${await device.db.outbox.count()} changes left; last: ${String(lastFailure)})`,
        );
      // A busy server (a bench's import still running) is given a moment rather than asked again at once.
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      await settle(device);
      await device.push().then(
        (summary) => {
          lastFailure = `a push answered ${JSON.stringify(summary)}`;
        },
        (error: unknown) => {
          lastFailure = error instanceof Error ? error.message : error;
        },
      );
    }
  }
  for (const device of devices) await device.pull();
  return {
    project: project.body.id,
    devices,
    applied,
    made,
    failedRounds,
    conflicts,
    seconds,
    timings,
    burst,
  };
}

/** The hands of the project as the server has them, and as each device has them (same fields). */
export async function handsEverywhere(server: ServerProcess, result: SoakResult) {
  const fields = (row: Record<string, unknown>) => ({
    id: row.id,
    version: row.version,
    description: row.description ?? null,
    crew_count: row.crew_count ?? null,
    foreman: row.foreman ?? null,
  });
  const onServer = (
    await server.query('select * from hand where project = $1 and deleted_at is null order by id', [
      result.project,
    ])
  ).map(fields);
  const onDevices = await Promise.all(
    result.devices.map(async (device) =>
      (await device.db.rows('hand').toArray())
        .filter((row) => row.project === result.project)
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((row) => fields(row as Record<string, unknown>)),
    ),
  );
  return { onServer, onDevices };
}
