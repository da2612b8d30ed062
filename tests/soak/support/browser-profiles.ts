// For the soak tests that close or kill Chromium: the rig (server behind the fault proxy) and photos made
// once per file, profiles kept on disk to open again, and everything closed and removed after the file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchProfile, makePhotos, type SoakRig, startRig } from './browser-soak';

export interface ProfileRig {
  rig: SoakRig;
  photos: string[];
  /** A new, empty profile folder. */
  newProfile(): string;
  /** Chromium on that profile, aimed at the proxy, with its first page. */
  open(profile: string): Promise<{ context: BrowserContext; page: Page }>;
}

/** Registers the file's beforeAll/afterAll; the returned object is usable inside the tests. */
export function profileRigForFile(photoCount: number): ProfileRig {
  let rig: SoakRig | null = null;
  let photos: { dir: string; paths: string[] } | null = null;
  const profiles: string[] = [];
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [rig, photos] = await Promise.all([startRig(), makePhotos(photoCount)]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await rig?.close();
    for (const dir of [photos?.dir, ...profiles]) if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const started = () => {
    if (!rig || !photos) throw new Error('the rig is not started');
    return { rig, photos };
  };
  return {
    get rig() {
      return started().rig;
    },
    get photos() {
      return started().photos.paths;
    },
    newProfile() {
      const dir = mkdtempSync(join(tmpdir(), 'kt-soak-profile-'));
      profiles.push(dir);
      return dir;
    },
    async open(profile) {
      const context = await launchProfile(profile, started().rig.proxy.url);
      contexts.push(context);
      return { context, page: context.pages()[0] ?? (await context.newPage()) };
    },
  };
}
