// The image gallery and the documents section on the project page in real Chromium: a photo taken offline
// shows at once marked pending, survives a reload, uploads once online, and another device then shows the
// server's thumbnail; the upload dialog's descriptions default to the file names; download all saves the
// server's ZIP under the name it suggests.
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { pdf, shownColour, sidewaysJpeg } from '../fixtures/files';
import { download as fetchBytes } from '../fixtures/multipart';
import { unzip } from '../fixtures/unzip';
import { apiSession, lookupId, waitFor, waitForServiceWorker } from './projects-support';
import { expectNoRawKeys, openSection, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { startAppServer } from './support/server';
import { PHOTOS } from './support/sync';

let server: TestServer;
let browser: Browser;
let projectId = '';
let projectName = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
// Each test (and its retry) on a project of its own: what it counts is only what it made.
beforeEach(async () => {
  const api = await apiSession(server);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  projectName = `Gallery call ${suffix}`;
  const project = await api.post<{ id: string }>('/api/project/', {
    code: `GAL-${suffix}`,
    name: projectName,
    status: await lookupId(server, 'project_status', 'In progress'),
    init_date: '2026-11-20',
  });
  projectId = project.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const projectHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: `Project ${projectName}` }).waitFor({ timeout: 60_000 });

async function openProject(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page);
  await waitForServiceWorker(page);
  await page.goto(`/project/${projectId}`);
  await projectHeading(page);
  return page;
}

const attachments = (isImage: boolean) =>
  server.query(
    `select id::text, name, description, zone from attachment where parent_id = $1 and is_image = $2 and deleted_at is null order by name`,
    [projectId, isImage],
  );

/** The files in the signed-in user's device store: their kept bytes' type and size, and the eviction mark. */
function deviceFiles(page: Page) {
  return page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: string };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(`karbontrack-${user.id}`);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const rows = await new Promise<Array<{ blob: Blob; evicted_at?: string; device?: string }>>(
        (resolve, reject) => {
          const request = db.transaction('blobs', 'readonly').objectStore('blobs').getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        },
      );
      return rows.map((row) => ({
        type: row.blob.type,
        size: row.blob.size,
        evicted_at: row.evicted_at,
        device: row.device,
      }));
    } finally {
      db.close();
    }
  });
}

describe('gallery and documents', () => {
  it('a photo taken offline shows at once, survives a reload, uploads online; another device gets the server thumbnail', async () => {
    const context = await newContext(browser, server.url);
    const page = await openProject(context);
    await openSection(page, 'files');
    await page.getByTestId('section-gallery').waitFor();
    await context.setOffline(true);

    await page.getByTestId('gallery-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add photos' });
    await dialog.getByLabel('Description', { exact: true }).fill('Hatch 2 coils');
    await dialog.getByRole('combobox', { name: 'Zone', exact: true }).click();
    await page.getByRole('option', { name: 'Onboard', exact: true }).click();
    await dialog.getByTestId('photo-file-input').setInputFiles(PHOTOS[0]);
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    const thumb = page.getByTestId('photo-thumb').first();
    await thumb.locator('[data-source="device"]').waitFor();
    expect(await thumb.getAttribute('data-state')).toBe('pending');
    expect(await thumb.getByTestId('photo-stamp').textContent()).toContain('Marta Ruiz');

    await page.reload();
    await projectHeading(page);
    await page.locator('[data-testid="photo-thumb"][data-state="pending"]').waitFor();
    expect(await attachments(true)).toHaveLength(0);

    await context.setOffline(false);
    await page.locator('[data-testid="photo-thumb"][data-state="synced"]').waitFor({ timeout: 60_000 });
    const stored = await attachments(true);
    expect(stored).toMatchObject([{ description: 'Hatch 2 coils', zone: 'onboard' }]);
    // Its provenance (issue 21): the device's clock at capture (before the upload reached the server), the
    // device's id, and the hash of the bytes at capture, the same the server computed: not flagged.
    const [proof] = await server.query(
      `select captured_at <= created_at as before_arrival, capture_device, capture_sha256 = sha256 as same,
              altered, created_by::text from attachment where id = $1`,
      [stored[0]?.id],
    );
    const clientId = (await deviceFiles(page))[0]?.device;
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(proof).toMatchObject({
      before_arrival: true,
      capture_device: clientId,
      same: true,
      altered: false,
    });

    // Confirmed by the server, the original leaves the device; the server's thumbnail stays and shows offline.
    await waitFor('the original evicted', async () => {
      const kept = await deviceFiles(page);
      return kept.length === 1 && kept[0]?.type === 'image/webp' && Boolean(kept[0]?.evicted_at);
    });
    await context.setOffline(true);
    await page.reload();
    const synced = page.locator('[data-testid="photo-thumb"][data-state="synced"]');
    await synced.waitFor({ timeout: 60_000 });
    // Thumbnails are drawn as they scroll into view.
    await synced.scrollIntoViewIfNeeded();
    const offlineThumb = synced.locator('[data-source="device"]');
    await offlineThumb.waitFor();
    await waitFor('the kept thumbnail drawn', () =>
      offlineThumb.evaluate((node) => {
        const image = node instanceof HTMLImageElement ? node : node.querySelector('img');
        return Boolean(image?.complete && image.naturalWidth > 0);
      }),
    );
    await context.setOffline(false);

    // Another tablet: the photo comes with the pull, its thumbnail from the server.
    const other = await newContext(browser, server.url);
    const second = await other.newPage();
    const served = second.waitForResponse(
      (response) => response.url().endsWith(`/api/attachments/${stored[0]?.id}/thumbnail/`),
      { timeout: 60_000 },
    );
    await second.goto('/login');
    await signIn(second);
    await second.goto(`/project/${projectId}#files`);
    const thumbB = second.getByTestId('photo-thumb').first();
    await thumbB.waitFor({ timeout: 60_000 });
    await thumbB.scrollIntoViewIfNeeded();
    const response = await served;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/');
    await second.locator('[data-testid="photo-thumb"] [data-source="server"]').waitFor();
    // The full view opens on a tap; the arrow keys move (one photo: stays).
    await second.getByTestId('photo-thumb').first().click();
    await second.getByTestId('photo-viewer-stamp').waitFor();
    expect(await second.getByTestId('photo-viewer-stamp').textContent()).toContain('Onboard');
    await second.getByTestId('photo-intact').waitFor();
    const provenance = await second.getByTestId('photo-provenance').textContent();
    expect(provenance).toContain(`device ${clientId}`);
    expect(provenance).toContain('arrived at the server');
    expect(provenance).toContain('No position (not allowed on the device)');
    const [hash] = await server.query('select sha256 from attachment where id = $1', [stored[0]?.id]);
    expect(await second.getByTestId('photo-sha256').textContent()).toBe(`SHA-256 ${hash?.sha256}`);
    await second.screenshot({ path: '.tmp/gallery-provenance-768.png' });
    await expectNoRawKeys(second);
    await other.close();
    await context.close();
  });

  it('the documents dialog defaults descriptions to the file names; download all saves the ZIP', async () => {
    const context = await newContext(browser, server.url);
    const page = await openProject(context);
    await openSection(page, 'files');
    const section = page.getByTestId('section-documents');
    await section.getByTestId('documents-upload').click();
    const dialog = page.getByRole('dialog', { name: 'Upload documents' });
    await dialog.locator('input[type="file"]').setInputFiles([
      { name: 'manifest.pdf', mimeType: 'application/pdf', buffer: pdf() },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Hold 3 wet.\n') },
    ]);
    await dialog.getByTestId('upload-description').first().fill('Cargo manifest');
    await dialog.getByTestId('upload-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const description = (name: string) =>
      section.locator(
        `[data-testid="document-row"][data-name="${name}"] [data-testid="document-description"]`,
      );
    expect(await description('manifest.pdf').textContent()).toBe('Cargo manifest');
    expect(await description('notes.txt').textContent()).toBe('notes.txt');

    await waitFor('the documents uploaded', async () => (await attachments(false)).length === 2, 60_000);
    expect((await attachments(false)).map((row) => [row.name, row.description])).toEqual([
      ['manifest.pdf', 'Cargo manifest'],
      ['notes.txt', 'notes.txt'],
    ]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByTestId('documents-zip').click(),
    ]);
    const api = await apiSession(server);
    const direct = await api.api('GET', `/api/project/${projectId}/download_zip/?is_image=false`, {
      token: api.token,
    });
    expect(download.suggestedFilename()).toBe(
      decodeURIComponent(direct.headers.get('x-suggested-filename') ?? ''),
    );
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const path = await download.path();
    const entries = await unzip(await readFile(path));
    // The documents the section lists (a gallery photo of the project would have its own screen).
    expect([...entries.keys()].sort()).toEqual(['manifest.pdf', 'notes.txt']);
    // File names look like keys to expectNoRawKeys: check only that no key was missing.
    expect(await page.evaluate(() => window.__missingTranslationKeys ?? [])).toEqual([]);
    await context.close();
  });

  it('a tablet photo stored sideways (EXIF orientation 6) arrives upright, in the photo and its thumbnail', async () => {
    const context = await newContext(browser, server.url);
    const page = await openProject(context);
    await openSection(page, 'files');
    await page.getByTestId('section-gallery').waitFor();
    await page.getByTestId('gallery-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add photos' });
    await dialog.getByLabel('Description', { exact: true }).fill('Hatch 4 lashing');
    await dialog
      .getByTestId('photo-file-input')
      .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await sidewaysJpeg() });
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await waitFor('the photo uploaded', async () => (await attachments(true)).length === 1, 60_000);
    const [row] = await attachments(true);
    const { token } = await apiSession(server);
    for (const part of ['download', 'thumbnail']) {
      const { bytes } = await fetchBytes(`${server.url}/api/attachments/${row?.id}/${part}/`, token);
      // As shown (any orientation tag applied, as a viewer would): portrait, the camera's left (red) on top.
      const top = await shownColour(bytes, 0.5, 0.15);
      const lower = await shownColour(bytes, 0.5, 0.7);
      expect(top.height, part).toBeGreaterThan(top.width);
      expect([top.red > 150, top.blue < 80, lower.blue > 150, lower.red < 80], part).toEqual([
        true,
        true,
        true,
        true,
      ]);
    }
    await context.close();
  });
});
