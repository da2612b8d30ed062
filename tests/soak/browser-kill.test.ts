// Chromium killed (SIGKILL) again and again at moments of the sync nobody chose (answers are slowed so the
// kills land in pushes, uploads and the storing of their answers alike), opened again on the same profile
// each time: in the end every change queued offline is on the server once and every photo once, with the
// bytes the device queued.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../e2e/support/app';
import { takePhotos, waitForAllSent, waitForFirstSync, waitForServiceWorker } from '../e2e/support/sync';
import { deviceFiles, queueWork, saveBase, syncUntilSent } from './support/browser-device';
import { profileRigForFile } from './support/browser-profiles';
import {
  appliedMutations,
  filesOnDisk,
  isUpload,
  killProfile,
  PUSH,
  storedFiles,
} from './support/browser-soak';

const soak = profileRigForFile(10);

async function kill(context: BrowserContext, profile: string) {
  expect(killProfile(profile)).toBeGreaterThan(0);
  await context.close().catch(() => {});
}

describe('the browser killed at unplanned moments of the sync', () => {
  it('every change and photo reaches the server once, across four kills', async () => {
    const { rig } = soak;
    const profile = soak.newProfile();
    let { context, page } = await soak.open(profile);
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
        soak.photos.slice(index * 2, index * 2 + 2),
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
      await kill(context, profile);
      ({ context, page } = await soak.open(profile));
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
