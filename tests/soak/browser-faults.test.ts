// A tablet session in real Chromium queues 500 changes and 50 photos offline through the app's own store
// and photo queue, then syncs through a proxy that drops connections before and after the server got the
// request, cuts requests and answers halfway, answers 502 and 503, and holds answers back. The server ends
// with exactly those 500 changes (each applied once) and those 50 files (each stored once, byte for byte
// what the device queued), and nothing half-written is left in its upload folder.
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultAction } from '../../src/sync/testing/fault-proxy';
import { signIn } from '../e2e/support/app';
import { launchBrowser, newContext } from '../e2e/support/browser';
import {
  takePhotos,
  until,
  waitForAllSent,
  waitForFirstSync,
  waitForServiceWorker,
} from '../e2e/support/sync';
import { deviceFiles, outboxCount, queueWork, saveBase, syncUntilSent } from './support/browser-device';
import {
  appliedMutations,
  faultSchedule,
  filesOnDisk,
  makePhotos,
  type SoakRig,
  startRig,
  storedFiles,
} from './support/browser-soak';

let rig: SoakRig;
let browser: Browser;
let photos: { dir: string; paths: string[] };

beforeAll(async () => {
  [rig, browser, photos] = await Promise.all([startRig(), launchBrowser(), makePhotos(50)]);
});
afterAll(async () => {
  await browser?.close();
  await rig?.close();
  if (photos) rmSync(photos.dir, { recursive: true, force: true });
});

const cuts: FaultAction[] = [
  { kind: 'drop-before' },
  { kind: 'cut-request' },
  { kind: 'drop-after' },
  { kind: 'cut-response' },
  { kind: 'status', status: 502 },
  { kind: 'status', status: 503, afterForward: true },
];
const pass: FaultAction = { kind: 'pass' };
const delay: FaultAction = { kind: 'delay', ms: 2000 };

describe('browser sync through a faulty network', () => {
  it('500 changes and 50 photos queued offline reach the server exactly once, files byte for byte', async () => {
    const label = `Soak ${Date.now().toString(36)}`;
    const context = await newContext(browser, rig.proxy.url);
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page);
    await waitForServiceWorker(page);
    await waitForFirstSync(page);
    const base = await saveBase(page, label, 9);
    await waitForAllSent(page, 60_000);

    await context.setOffline(true);
    await page.getByTestId('sync-online').getByText('Offline').waitFor();
    const work = await queueWork(page, base, label, {
      incidences: 25,
      incidenceEdits: 15,
      hands: 150,
      deletes: 10,
    });
    expect(new Set(work.mutations).size).toBe(500);
    expect(await outboxCount(page)).toBe(500);
    for (const [index, incidence] of work.incidences.entries())
      await takePhotos(
        page,
        { resource: 'incidence', id: incidence.id },
        photos.paths.slice(index * 2, index * 2 + 2),
      );
    const queued = await deviceFiles(page);
    expect(queued).toHaveLength(50);
    expect(queued.every((file) => file.state === 'pending')).toBe(true);
    expect(new Set(queued.map((file) => file.sha256)).size).toBe(50);

    // Faults on the way: the first pushes and pulls, and three rounds of them on the uploads.
    const schedule = faultSchedule({
      push: [cuts[0], cuts[1], pass, cuts[2], cuts[3], cuts[4], pass, cuts[5], delay],
      upload: [1, 2, 3].flatMap(() => [...cuts.flatMap((cut) => [cut, pass]), delay]),
      pull: [{ kind: 'cut-response' }, { kind: 'status', status: 503 }],
    });
    rig.proxy.choose = schedule.choose;
    await context.setOffline(false);
    const spent = () => Object.values(schedule.left()).every((left) => left === 0);
    const took = await syncUntilSent(page, 300_000, spent).catch((error: unknown) => {
      throw new Error(`${String(error)}; faults not met: ${JSON.stringify(schedule.left())}`);
    });
    rig.proxy.choose = null;
    console.log(`browser soak: 500 changes and 50 photos sent through faults in ${took} ms`);

    // Every planned fault was met (the test cannot pass on a quiet network).
    expect(schedule.left()).toEqual({ push: 0, upload: 0, pull: 0 });
    const outcomes = (kind: (path: string) => boolean) =>
      new Set(rig.proxy.requests.filter((request) => kind(request.path)).map((request) => request.outcome));
    for (const kind of [
      (path: string) => path.startsWith('/api/sync/push/'),
      (path: string) => path.includes('/attachments/'),
    ])
      expect([...outcomes(kind)]).toEqual(expect.arrayContaining(['dropped', 502, 503]));

    // Exactly those changes, each once.
    const applied = await appliedMutations(rig.server, work.mutations);
    expect(applied.distinct).toBe(500);
    expect(applied.times.every((times) => times === 1)).toBe(true);
    expect(applied.clients).toHaveLength(1);
    // Nothing else from this device: its 500 and the 13 of the base, once each.
    expect(applied.fromDevice).toBe(500 + base.changes);

    // The server's rows are what the device ended with.
    const hands = await rig.server.query(
      'select id::text, description, crew_count, deleted_at from hand where event = $1 order by id',
      [base.event],
    );
    const expectedHands = new Map(work.hands.map((hand) => [hand.id, hand]));
    expect(hands.filter((row) => row.deleted_at !== null).map((row) => row.id)).toEqual(
      [...work.deleted].sort(),
    );
    const live = hands.filter((row) => row.deleted_at === null && expectedHands.has(String(row.id)));
    expect(live).toHaveLength(150);
    for (const row of live)
      expect(row).toMatchObject({ ...expectedHands.get(String(row.id)), deleted_at: null });
    const incidences = await rig.server.query(
      'select id::text, description from incidence where project = $1 and id <> $2 and deleted_at is null order by id',
      [base.project, base.incidence],
    );
    expect(incidences).toEqual([...work.incidences].sort((a, b) => a.id.localeCompare(b.id)));

    // Exactly those files, each once, with the bytes the device queued.
    const stored = await storedFiles(
      rig,
      work.incidences.map((incidence) => incidence.id),
    );
    expect(stored.map((file) => ({ id: file.id, sha256: file.diskSha256 }))).toEqual(
      queued.map((file) => ({ id: file.id, sha256: file.sha256 })),
    );
    for (const file of stored) expect(file.sha256).toBe(file.diskSha256);
    await until(async () => (await filesOnDisk(rig)).temp.length === 0, 30_000, 'the upload folder to empty');
    expect((await filesOnDisk(rig)).files).toEqual(queued.map((file) => file.id));
    expect((await deviceFiles(page)).every((file) => file.state === 'uploaded')).toBe(true);
    await context.close();
  });
});
