// The frame of the upload-on-a-bad-network browser tests: the real server behind the fault proxy (a real
// HTTP relay: the browser's only way to the server, so every fault is on the wire), a project of its own
// per test, the gallery driven as a user drives it, and what the server stored and was sent.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Config } from '../../../server/config';
import { startTestServer, type TestServer } from '../../../server/testing';
import { type FaultProxy, startFaultProxy } from '../../../src/sync/testing/fault-proxy';
import { createRunProject } from '../projects-support';
import { openSection, signIn, waitForServiceWorker } from './app';
import { launchBrowser, newContext } from './browser';
import { E2E_DIST } from './paths';
import { PASSWORD } from './server';
import { PHOTOS, waitForFirstSync } from './sync';

export interface UploadRig {
  server: TestServer;
  proxy: FaultProxy;
  browser: Browser;
  project: { id: string; name: string };
  contexts: BrowserContext[];
  /** Upload requests the proxy saw for this test's project, with when they came (ms since the epoch). */
  uploads: Array<{ at: number; outcome: string }>;
}

/** One server (with `config`), proxy and browser per file; a project of its own per test and retry. */
export function uploadRig(config: Partial<Config> = {}): UploadRig {
  const rig = { contexts: [] as BrowserContext[], uploads: [] as UploadRig['uploads'] } as UploadRig;
  beforeAll(async () => {
    [rig.server, rig.browser] = await Promise.all([
      startTestServer({ staticDir: E2E_DIST, ...config }),
      launchBrowser(),
    ]);
    await rig.server.createUser({
      username: 'marta',
      password: PASSWORD,
      first_name: 'Marta',
      last_name: 'Ruiz',
    });
    rig.proxy = await startFaultProxy(rig.server.url);
  });
  beforeEach(async () => {
    rig.project = await createRunProject(rig.server, 'UPL', 'Uploads');
    rig.proxy.rules.length = 0;
    rig.proxy.choose = null;
    rig.uploads.length = 0;
  });
  afterAll(async () => {
    for (const context of rig.contexts) await context.close().catch(() => {});
    await rig.browser?.close();
    await rig.proxy?.close();
    await rig.server?.close();
  });
  return rig;
}

/** The upload path of a project's attachments (what the proxy's rules match). */
export const uploadPath = (projectId: string) => `/api/project/${projectId}/attachments/`;

/** Signs in through the proxy and opens the test's project page, its first sync done. */
export async function openProject(rig: UploadRig): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(rig.browser, rig.proxy.url);
  rig.contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page);
  await waitForServiceWorker(page);
  await waitForFirstSync(page);
  await page.goto(`/project/${rig.project.id}`);
  await page.getByRole('heading', { level: 1, name: rig.project.name }).waitFor({ timeout: 60_000 });
  await openSection(page, 'files');
  await page.getByTestId('section-gallery').waitFor();
  return { context, page };
}

/** `count` different JPEG photos (the fixture photo resized and tinted), as a file input takes them. */
export async function distinctPhotos(count: number, prefix = 'IMG') {
  const source = readFileSync(PHOTOS[0] ?? '');
  return Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `${prefix}_${index + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp(source)
        .resize({ width: 700 + index * 10 })
        .modulate({ hue: (index * 37) % 360 })
        .jpeg({ quality: 80 })
        .toBuffer(),
    })),
  );
}

type Photo = string | { name: string; mimeType: string; buffer: Buffer };

/** Adds photos through the gallery's dialog, as a user picks them; resolves once they are on the device. */
export async function addPhotos(page: Page, photos: Photo[], description: string): Promise<void> {
  await page.getByTestId('gallery-add').click();
  const dialog = page.getByRole('dialog', { name: /Add photos|Añadir fotos/ });
  await dialog.getByTestId('photo-description').fill(description);
  await dialog.getByTestId('photo-file-input').setInputFiles(photos as never);
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
}

/**
 * Uploads documents through the documents section's dialog, as a user picks them; resolves once the dialog
 * has closed (within `timeout`: the files are kept on the device, so it closes at once).
 */
export async function uploadDocuments(page: Page, files: Photo[], timeout?: number): Promise<void> {
  await page.getByTestId('section-documents').getByTestId('documents-upload').click();
  const dialog = page.getByRole('dialog', { name: 'Upload documents' });
  await dialog.locator('input[type="file"]').setInputFiles(files as never);
  await dialog.getByTestId('upload-submit').click();
  await dialog.waitFor({ state: 'hidden', timeout });
}

/** The test project's attachments on the server (not deleted), by name. */
export function storedAttachments(rig: UploadRig) {
  return rig.server.query(
    `select id::text, name, description, is_image from attachment
      where parent_resource = 'project' and parent_id = $1 and deleted_at is null order by name`,
    [rig.project.id],
  );
}

/** A thumbnail of the gallery in a state ('pending', 'uploading', 'needs_attention', 'synced'). */
export const thumbs = (page: Page, state?: string) =>
  page.locator(`[data-testid="photo-thumb"]${state ? `[data-state="${state}"]` : ''}`);
