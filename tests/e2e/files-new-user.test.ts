// A new user's habits with the project's files, in real Chromium: ten documents picked at once (each
// description starts as its file name, one edited, one removed, a double press sends once); an import
// refused with 200 problems shown counted and scrollable in Spanish; a slow import shows its progress and
// a second press sends nothing; a file imported offline waits (across a reload) and says when it goes;
// the gallery on a touch tablet (camera and file inputs, photos taken offline shown at once, zone filter,
// 4 thumbnails a row at 768 px, swipe anywhere on the full view) and on a desktop (arrow keys).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { csv } from '../fixtures/packing';
import { waitFor, waitForServiceWorker } from './projects-support';
import { expectNoRawKeys, openSection, signIn } from './support/app';
import { newContext } from './support/browser';
import { openImport, submitImport } from './support/packing-import';
import { projectPerTest } from './support/rig';
import { PHOTOS } from './support/sync';

const rig = projectPerTest('NU', 'New user');

async function openProject(options: { touch?: boolean; width?: number; height?: number } = {}) {
  const viewport = { width: options.width ?? 768, height: options.height ?? 1024 };
  const context = options.touch
    ? await rig.browser.newContext({
        baseURL: rig.server.url,
        viewport,
        hasTouch: true,
        serviceWorkers: 'allow',
        acceptDownloads: true,
      })
    : await newContext(rig.browser, rig.server.url, viewport);
  rig.contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page);
  await waitForServiceWorker(page);
  await page.goto(`/project/${rig.project.id}`);
  await page.getByRole('heading', { level: 1, name: rig.project.name }).waitFor({ timeout: 60_000 });
  return { context, page };
}

/** A select that is not searchable (a tap opens it, a tap picks). */
async function choose(
  page: Page,
  scope: Page | ReturnType<Page['getByTestId']>,
  label: string,
  option: string,
) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const serverRows = (sql: string) => rig.server.query(sql, [rig.project.id]);

describe('a new user with files', () => {
  it('documents: ten files at once, descriptions from the names, one edited and one removed, sent once', async () => {
    const { page } = await openProject();
    await openSection(page, 'files');
    const section = page.getByTestId('section-documents');
    await section.getByTestId('documents-upload').click();
    const dialog = page.getByRole('dialog', { name: 'Upload documents' });
    const names = Array.from({ length: 10 }, (_, i) => `report-${i + 1}.txt`);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(
        names.map((name) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(`${name}\n`) })),
      );
    await waitFor('ten rows', async () => (await dialog.getByTestId('upload-row').count()) === 10);
    expect(
      await dialog
        .getByTestId('upload-description')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(names);
    await dialog.locator('[data-testid="upload-row"][data-name="report-2.txt"] input').fill('Hold 2 survey');
    await dialog.getByRole('button', { name: 'Remove report-3.txt' }).click();
    expect(await dialog.getByTestId('upload-row').count()).toBe(9);
    // The edit stays on its own file after a row above it went.
    expect(
      await dialog.locator('[data-testid="upload-row"][data-name="report-2.txt"] input').inputValue(),
    ).toBe('Hold 2 survey');
    await dialog.getByTestId('upload-submit').dblclick();
    await dialog.waitFor({ state: 'hidden' });
    const sql = `select name, description from attachment where parent_id = $1 and deleted_at is null order by name`;
    await waitFor('nine documents on the server', async () => (await serverRows(sql)).length >= 9, 60_000);
    // A moment for a second copy, were one sent.
    await page.waitForTimeout(1500);
    const stored = await serverRows(sql);
    const expected = names
      .filter((name) => name !== 'report-3.txt')
      .map((name) => ({ name, description: name === 'report-2.txt' ? 'Hold 2 survey' : name }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(stored).toEqual(expected);
    expect(await page.evaluate(() => window.__missingTranslationKeys ?? [])).toEqual([]);
  });

  it('import: 200 problems counted and scrollable in Spanish; a slow import shows progress and sends once', async () => {
    const { context, page } = await openProject({ width: 1024, height: 768 });
    await page.getByTestId('language-es').click();
    const dialog = await openImport(page, 'Importar la lista de bultos');
    const header = ['Reference', 'Commodity', 'Quantity', 'Net weight', 'Gross weight', 'Location'];
    const bad = csv(
      header,
      Array.from({ length: 200 }, (_, i) => [`BAD-${i}`, 'Coil', 1, 'heavy', 12100, 'onboard']),
    );
    await submitImport(dialog, 'bad.csv', bad);
    const errors = dialog.getByTestId('import-errors');
    await errors.waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId('import-error-count').textContent()).toBe('200 problemas');
    expect(await dialog.getByTestId('import-error').count()).toBe(200);
    expect(await errors.getByRole('columnheader').allTextContents()).toEqual(['Fila', 'Columna', 'Problema']);
    // The list scrolls inside its box: the dialog's buttons stay within reach.
    const box = await errors.boundingBox();
    expect(box?.height ?? Number.POSITIVE_INFINITY).toBeLessThan(500);
    const last = dialog.getByTestId('import-error').last();
    await last.scrollIntoViewIfNeeded();
    expect(await last.isVisible()).toBe(true);
    expect(await last.getAttribute('data-row')).toBe('201');
    expect(await dialog.getByTestId('import-submit').isVisible()).toBe(true);
    expect(await serverRows('select id from packing_list where project = $1')).toHaveLength(0);

    // A slow link: the file is held on its way to the real server until released.
    let sent = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route('**/import_pl/**', async (route) => {
      sent += 1;
      await held;
      await route.continue();
    });
    const good = csv(header, [
      ['GOOD-1', 'Coil', 1, 12000, 12100, 'onboard'],
      ['GOOD-2', 'Coil', 1, 12000, 12100, 'warehouse'],
    ]);
    await submitImport(dialog, 'good.csv', good);
    const progress = dialog.getByTestId('import-progress');
    await progress.waitFor();
    expect(await progress.textContent()).toContain('Enviando good.csv');
    await waitFor('the file on its way', async () => sent === 1);
    await dialog.getByTestId('import-submit').click({ force: true });
    await page.keyboard.press('Enter');
    expect(await dialog.getByTestId('import-submit').isDisabled()).toBe(true);
    release();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
    expect(sent).toBe(1);
    const imported = await serverRows(
      `select reference from packing_list where project = $1 and deleted_at is null order by reference`,
    );
    expect(imported.map((row) => row.reference)).toEqual(['GOOD-1', 'GOOD-2']);
    await context.unroute('**/import_pl/**');
    await expectNoRawKeys(page);
  });

  it('import picked offline: waits in the queue across a reload, says when it is sent, items arrive', async () => {
    const { context, page } = await openProject({ width: 1024, height: 768 });
    await context.setOffline(true);
    const dialog = await openImport(page, 'Import packing list');
    const header = ['Reference', 'Commodity', 'Quantity', 'Net weight', 'Gross weight', 'Location'];
    const file = csv(header, [
      ['OFF-A', 'Coil', 1, 12000, 12100, 'onboard'],
      ['OFF-B', 'Coil', 1, 12000, 12100, 'fas'],
    ]);
    await submitImport(dialog, 'call.csv', file);
    await dialog.getByTestId('import-queued').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    // Opened again for another file, the dialog starts clean.
    await page.getByTestId('packing-import').click();
    await dialog.getByTestId('import-file').waitFor();
    expect(await dialog.getByTestId('import-queued').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.reload();
    const queued = page.getByTestId('queued-import');
    await queued.waitFor({ timeout: 60_000 });
    expect(await queued.getAttribute('data-state')).toBe('pending');
    expect(await queued.textContent()).toBe('call.csv will be imported when back online.');

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route('**/import_pl/**', async (route) => {
      await held;
      await route.continue();
    });
    await context.setOffline(false);
    await waitFor(
      'the file on its way',
      async () => (await queued.getAttribute('data-state')) === 'uploading',
      60_000,
    );
    expect(await queued.textContent()).toBe('call.csv is being imported…');
    release();
    const row = (reference: string) =>
      page.locator(`[data-testid="packing-row"][data-reference="${reference}"]`);
    await row('OFF-B').waitFor({ timeout: 60_000 });
    await row('OFF-A').waitFor();
    await page.getByTestId('queued-imports').waitFor({ state: 'detached' });
    await context.unroute('**/import_pl/**');
    await expectNoRawKeys(page);
  });

  it('gallery on a touch tablet: camera and file inputs, offline photos at once, zone filter, 4 a row, swipe', async () => {
    const { context, page } = await openProject({ touch: true });
    await openSection(page, 'files');
    const gallery = page.getByTestId('section-gallery');
    await context.setOffline(true);
    for (const [file, zone] of [
      [PHOTOS[0], 'Onboard'],
      [PHOTOS[1], 'FAS'],
      [PHOTOS[0], 'Onboard'],
      [PHOTOS[1], 'Warehouse'],
    ] as const) {
      await gallery.getByTestId('gallery-add').tap();
      const dialog = page.getByRole('dialog', { name: 'Add photos' });
      const camera = dialog.getByTestId('photo-camera-input');
      expect(await camera.getAttribute('accept')).toBe('image/*');
      expect(await camera.getAttribute('capture')).toBe('environment');
      // Picking from files stays possible beside the camera (no capture, several at once).
      const picker = dialog.getByTestId('photo-file-input');
      expect(await picker.getAttribute('capture')).toBeNull();
      expect(await picker.getAttribute('multiple')).not.toBeNull();
      await choose(page, dialog, 'Zone', zone);
      await camera.setInputFiles(file);
      await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
    }
    // Offline, each photo shows at once from the device, marked as waiting.
    const thumbs = gallery.getByTestId('photo-thumb');
    await waitFor('four thumbnails', async () => (await thumbs.count()) === 4);
    await gallery.getByTestId('photo-thumb-img').first().waitFor();
    expect(await gallery.getByTestId('photo-pending').count()).toBe(4);
    const tracks = await gallery.getByTestId('photo-grid').evaluate((grid) =>
      getComputedStyle(grid)
        .gridTemplateColumns.split(' ')
        .map((w) => Number.parseFloat(w)),
    );
    expect(tracks).toHaveLength(4);
    for (const width of tracks) expect(width).toBeGreaterThanOrEqual(100);

    await choose(page, gallery, 'Filter by zone', 'Onboard');
    await waitFor('two onboard photos', async () => (await thumbs.count()) === 2);
    await choose(page, gallery, 'Filter by zone', 'FAS');
    await waitFor('one FAS photo', async () => (await thumbs.count()) === 1);
    await gallery.locator('button[aria-label="Clear"]').tap();
    await waitFor('every photo again', async () => (await thumbs.count()) === 4);

    await thumbs.first().tap();
    const viewer = page.getByTestId('photo-swipe');
    await viewer.waitFor();
    expect(await viewer.getAttribute('data-index')).toBe('0');
    const cdp = await context.newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      // Low on the screen, below the photo: a swipe anywhere on the full view moves, not only on the photo.
      const y = 940;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
      for (let step = 1; step <= 5; step++) {
        const x = fromX + ((toX - fromX) * step) / 5;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(600, 150);
    await waitFor('the next photo', async () => (await viewer.getAttribute('data-index')) === '1');
    await swipe(600, 150);
    await waitFor('the third photo', async () => (await viewer.getAttribute('data-index')) === '2');
    await swipe(150, 600);
    await waitFor('back to the second', async () => (await viewer.getAttribute('data-index')) === '1');
    // A short touch is a tap, not a swipe.
    await swipe(400, 380);
    await page.waitForTimeout(300);
    expect(await viewer.getAttribute('data-index')).toBe('1');
    await context.setOffline(false);
    await expectNoRawKeys(page);
  });

  it('gallery on a desktop: the arrow keys move through the full view', async () => {
    const { page } = await openProject({ width: 1280, height: 900 });
    await openSection(page, 'files');
    const gallery = page.getByTestId('section-gallery');
    for (const file of PHOTOS) {
      await gallery.getByTestId('gallery-add').click();
      const dialog = page.getByRole('dialog', { name: 'Add photos' });
      await dialog.getByTestId('photo-file-input').setInputFiles(file);
      await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
    }
    const thumbs = gallery.getByTestId('photo-thumb');
    await waitFor('two thumbnails', async () => (await thumbs.count()) === 2);
    await thumbs.first().click();
    const viewer = page.getByTestId('photo-swipe');
    await viewer.waitFor();
    expect(await viewer.getAttribute('data-index')).toBe('0');
    await page.keyboard.press('ArrowRight');
    await waitFor('the next photo', async () => (await viewer.getAttribute('data-index')) === '1');
    // Past the last photo nothing moves.
    await page.keyboard.press('ArrowRight');
    expect(await viewer.getAttribute('data-index')).toBe('1');
    await page.keyboard.press('ArrowLeft');
    await waitFor('the first photo again', async () => (await viewer.getAttribute('data-index')) === '0');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });
});
