// Chromium killed (SIGKILL) again and again at moments of the sync nobody chose (answers are slowed so the
// kills land in pushes, uploads and the storing of their answers alike), opened again on the same profile
// each time: in the end every change queued offline is on the server once and every photo once, with the
// bytes the device queued.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../e2e/support/app';
import { takePhotos, waitForAllSent, waitForFirstSync, waitForServiceWorker } from '../e2e/support/sync';
import { deviceFiles, queueWork, saveBase, syncUntilSent } from './support/browser-device';
import {
  appliedMutations,
  filesOnDisk,
  isUpload,
  killProfile,
  launchProfile,
  makePhotos,
  PUSH,
  type SoakRig,
  startRig,
  storedFiles,
} from './support/browser-soak';

let rig: SoakRig;
let photos: { dir: string; paths: string[] };
let profile = '';
let running: BrowserContext | null = null;

beforeAll(async () => {
  [rig, photos] = await Promise.all([startRig(), makePhotos(10)]);
  profile = mkdtempSync(join(tmpdir(), 'kt-soak-profile-'));
});
afterAll(async () => {
  await running?.close().catch(() => {});
  await rig?.close();
  for (const dir of [photos?.dir, profile]) if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launchProfile(profile, rig.proxy.url);
  running = context;
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

async function kill(context: BrowserContext) {
  expect(killProfile(profile)).toBeGreaterThan(0);
  await context.close().catch(() => {});
}

describe('the browser killed at unplanned moments of the sync', () => {
  it('every change and photo reaches the server once, across four kills', async () => {
    let { context, page } = await open();
    await page.goto('/login');
    await signIn(page);
    await waitForServiceWorker(page);
    await waitForFirstSync(page);
    const label = `Kill ${Date.now().toString(36)}`;
    const base = await saveBase(page, label, 2);
    await waitForAllSent(page, 60_000);

    await context.setOffline(true);
    const work = await queueWork(page, base, label, {
      incidences: 10,
      incidenceEdits: 5,
      hands: 100,
      deletes: 2,
    });
    expect(work.mutations).toHaveLength(317);
    for (const [index, incidence] of work.incidences.slice(0, 5).entries())
      await takePhotos(
        page,
        { resource: 'incidence', id: incidence.id },
        photos.paths.slice(index * 2, index * 2 + 2),
      );
    const queued = await deviceFiles(page);
    const parents = work.incidences.map((incidence) => incidence.id);
    const ours = queued.filter((file) => parents.includes(file.parent_id));
    expect(ours).toHaveLength(10);

    // Slow answers widen the windows a kill can land in.
    rig.proxy.choose = (method, path) =>
      method === 'POST' && (path.startsWith(PUSH) || isUpload(path)) ? { kind: 'delay', ms: 700 } : null;
    await context.setOffline(false);
    for (const after of [1200, 2600, 900, 3400]) {
      await new Promise((resolve) => setTimeout(resolve, after));
      await kill(context);
      ({ context, page } = await open());
      await page.goto('/projects');
      await page.waitForFunction(() => window.__karbontrack?.ready() === true, undefined, {
        timeout: 60_000,
      });
    }
    rig.proxy.choose = null;
    await syncUntilSent(page, 180_000);

    const applied = await appliedMutations(rig.server, work.mutations);
    expect(applied.distinct).toBe(317);
    expect(applied.times.every((times) => times === 1)).toBe(true);
    expect(applied.fromDevice).toBe(317 + base.changes);
    const stored = await storedFiles(rig, parents);
    expect(stored.map((file) => ({ id: file.id, sha256: file.diskSha256 }))).toEqual(
      ours.map((file) => ({ id: file.id, sha256: file.sha256 })),
    );
    expect((await filesOnDisk(rig)).temp).toEqual([]);
    const hands = await rig.server.query(
      'select id::text, description, crew_count from hand where id = any($1::uuid[]) order by id',
      [work.hands.map((hand) => hand.id)],
    );
    expect(hands).toEqual([...work.hands].sort((a, b) => a.id.localeCompare(b.id)));
    await context.close();
  });
});
