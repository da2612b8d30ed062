// The tally by scanning, through Chromium's fake camera playing a video of real barcodes (Code 128, QR,
// Data Matrix) decoded by the app's own reader (the WebAssembly one: Chromium on Linux has no native
// BarcodeDetector). Offline: three labels join one lift, an unknown one is refused, a label shown twice is
// counted once, a label's weight off the packing list is warned about; then online, the lift synced once.
// Then the view at 360 and 768 (touch), 1024 and 1366, in English and Spanish (at 768 the weight warning in
// Spanish numbers: '12.900 kg', '6,6 %'); and the camera refused:
// the reason said in both languages, the references typed instead.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { localRows, waitFor, waitForServiceWorker, waitForSync } from './projects-support';
import { expectNoRawKeys, signIn, smallTargets } from './support/app';
import { launchBrowser } from './support/browser';
import { callSetup } from './support/call';
import { writeLabelsVideo } from './support/labels-video';
import { startAppServer } from './support/server';

const TMP = join(process.cwd(), '.tmp', 'tally-scan');
const VIDEO = join(TMP, 'labels.y4m');
const SHOTS = join(TMP, 'screens');

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** A project in progress with CX-10001…CX-10005 (12,000 kg net, 12,100 gross) and a hand; ids. */
async function tallyProject(code: string) {
  const call = await callSetup(server);
  // A retry makes its own project.
  const projectId = await call.project(`${code}-${Date.now().toString(36).toUpperCase()}`, `Scan ${code}`, {
    init_date: '2026-11-20',
  });
  await call.coils(
    projectId,
    [1, 2, 3, 4, 5].map((n) => ({
      reference: `CX-1000${n}`,
      quantity: '1',
      net_weight: '12000',
      gross_weight: '12100',
    })),
  );
  const shift = await call.event(projectId, 'Working shift', '2026-11-20T08:00:00Z');
  return { projectId, handId: await call.hand(shift, { description: 'Gang S' }) };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Labels as mills print them; the video loops, so every label comes round again.
  await writeLabelsVideo(VIDEO, [
    { label: { symbology: 'code128', text: 'CX-10001' }, seconds: 1.6 },
    { label: null, seconds: 1.2 },
    { label: { symbology: 'qrcode', text: 'REF: CX-10002\nNET WT: 12,050 kg\nHEAT: H5521' }, seconds: 1.6 },
    { label: null, seconds: 1.2 },
    { label: { symbology: 'datamatrix', text: 'COIL NO: CX-10003 | NET WT: 12.900 kg' }, seconds: 1.6 },
    { label: null, seconds: 1.2 },
    { label: { symbology: 'code128', text: 'ZZ-99999' }, seconds: 1.6 },
    { label: null, seconds: 1.2 },
    { label: { symbology: 'code128', text: 'CX-10001' }, seconds: 1.6 },
    { label: null, seconds: 2 },
  ]);
  [server, browser] = await Promise.all([
    startAppServer(),
    launchBrowser(['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO}`]),
  ]);
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function openContext(
  viewport: { width: number; height: number },
  touch: boolean,
  language = 'en',
  camera = true,
) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport,
    hasTouch: touch,
    isMobile: touch,
    serviceWorkers: 'allow',
  });
  contexts.push(context);
  // Without the grant, Chromium refuses the camera as a user saying "Block" would.
  if (camera) await context.grantPermissions(['camera']);
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return context;
}

/** Signed in, the project's packing list on the device, on the hand's tally. */
async function toTally(page: Page, ids: { projectId: string; handId: string }) {
  await page.goto('/login');
  await signIn(page);
  await waitForServiceWorker(page);
  await page.goto(`/project/${ids.projectId}`);
  await waitFor(
    'the packing list on the device',
    async () => (await localRows(page, 'packing-list', 'project', ids.projectId)).length === 5,
    60_000,
  );
  await page.goto(`/project/${ids.projectId}/hand/${ids.handId}`);
  await openTally(page);
}

/** The hand page's tally, opened with its button where the page does not show it at once. */
async function openTally(page: Page) {
  const panel = page.getByTestId('tally');
  const toggle = page.getByRole('button', { name: 'Tally', exact: true });
  await Promise.race([panel.waitFor(), toggle.waitFor()]);
  if (!(await panel.isVisible())) await toggle.click();
  await panel.waitFor();
}

/** The app in Spanish from now on (this page and the next ones), on the tally again. */
async function toSpanish(context: BrowserContext, page: Page) {
  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await context.addInitScript(() => localStorage.setItem('language', 'es'));
  await page.reload();
  await openTally(page);
}

/** Every message the scan view shows, as it changes (kept in the page). */
function recordMessages(page: Page) {
  return page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __scanMessages: string[] }).__scanMessages = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="scan-message"]')?.textContent ?? '';
      if (text && text !== seen.at(-1)) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const messages = (page: Page) =>
  page.evaluate(() => (window as unknown as { __scanMessages: string[] }).__scanMessages);
const liftReferences = (page: Page) => page.getByTestId('scan-lift-item').locator('p').allTextContents();

describe('the tally by scanning', () => {
  it('offline: reads three labels into one lift, refuses an unknown one and a second reading, warns of a weight, then syncs the lift once', async () => {
    const ids = await tallyProject('SCAN-1');
    const context = await openContext({ width: 768, height: 1024 }, true);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await toTally(page, ids);
    // The reader is not part of the tally until the camera opens.
    expect(requested.filter((url) => /wasmReader|zxing|ScanView/.test(url))).toEqual([]);

    await context.setOffline(true);
    await page.getByTestId('scan-open').click();
    await page.getByTestId('scan-viewfinder').waitFor();
    await recordMessages(page);
    await page.getByTestId('scan-hold').selectOption('3');
    const viewfinder = page.getByTestId('scan-viewfinder');
    await page.locator('[data-testid="scan-viewfinder"][data-state="scanning"]').waitFor({ timeout: 60_000 });
    expect(await viewfinder.getAttribute('data-reader')).toBe('wasm');
    // The .wasm came from our own server (the service worker's precache: the device is offline).
    const wasm = requested.filter((url) => url.endsWith('.wasm'));
    expect(wasm.length).toBe(1);
    expect(wasm[0].startsWith(server.url)).toBe(true);

    await waitFor(
      'three labels read and the unknown and repeated ones refused',
      async () => {
        const said = await messages(page);
        return (
          (await page.getByTestId('scan-lift-item').count()) === 3 &&
          said.includes('ZZ-99999: NOT on the packing list') &&
          said.includes('CX-10001 is already in this lift')
        );
      },
      90_000,
    );
    expect((await liftReferences(page)).sort()).toEqual(['CX-10001', 'CX-10002', 'CX-10003']);
    const said = await messages(page);
    // The Data Matrix states 12,900 kg against 12,000 net / 12,100 gross (6.6 % off, tolerance 2 %).
    expect(said).toContain(
      'CX-10003 added, but its label says 12,900 kg and the packing list 12,100 kg (6.6 % apart): check it',
    );
    // The QR's 12,050 kg is within the tolerance: no warning.
    expect(said).toContain('CX-10002 added to the lift');
    // One confirming sound per label read in; refusals loud (unknown, read again).
    expect(await page.evaluate(() => window.__tallyChimes)).toBe(3);
    expect(await page.evaluate(() => window.__tallyBeeps ?? 0)).toBeGreaterThanOrEqual(2);
    await expectNoRawKeys(page);
    // Three items listed and the validate button still on screen.
    const validate = await page.getByTestId('scan-validate').boundingBox();
    expect(validate && validate.y + validate.height).toBeLessThanOrEqual(1024);
    await page.screenshot({ path: join(SHOTS, 'scan-768-en-lift.png') });

    await page.getByTestId('scan-validate').click();
    await waitFor('the lift validated', async () => (await page.getByTestId('scan-lift-item').count()) === 0);
    await page.getByTestId('scan-close').click();
    await page.getByTestId('scan-viewfinder').waitFor({ state: 'hidden' });
    await page.getByTestId('count-lifts').getByText('1', { exact: true }).waitFor();
    const local = await localRows(page, 'packing-list', 'project', ids.projectId);
    const validated = local.filter((row) => row.validated === true);
    expect(validated.map((row) => row.reference).sort()).toEqual(['CX-10001', 'CX-10002', 'CX-10003']);
    expect(new Set(validated.map((row) => row.lift_id)).size).toBe(1);

    await context.setOffline(false);
    await waitForSync(page, 60_000);
    const stored = await server.query(
      `SELECT reference, validated, validation_hold, lift_id::text, processed_quantity::text
         FROM packing_list WHERE project = $1 AND validated ORDER BY reference`,
      [ids.projectId],
    );
    expect(stored.map((row) => row.reference)).toEqual(['CX-10001', 'CX-10002', 'CX-10003']);
    expect(stored.every((row) => row.validation_hold === 3)).toBe(true);
    expect(new Set(stored.map((row) => row.lift_id)).size).toBe(1);
    // Counted once: each item's processed quantity is its one unit.
    expect(stored.map((row) => Number(row.processed_quantity))).toEqual([1, 1, 1]);
  });

  it('fits 360 and 768 (touch), 1024 and 1366, in English and Spanish', async () => {
    const ids = await tallyProject('SCAN-2');
    const sizes = [
      { width: 360, height: 740, touch: true },
      { width: 768, height: 1024, touch: true },
      { width: 1024, height: 768, touch: false },
      { width: 1366, height: 768, touch: false },
    ];
    for (const size of sizes) {
      const context = await openContext({ width: size.width, height: size.height }, size.touch);
      const page = await context.newPage();
      await toTally(page, ids);
      for (const language of ['en', 'es'] as const) {
        if (language === 'es') await toSpanish(context, page);
        const where = `${size.width} ${language}`;
        // At 768 in Spanish the label-weight warning is read too, in Spanish numbers (formatKg, formatNumber).
        const warned = language === 'es' && size.width === 768;
        await page.getByTestId('scan-open').click();
        if (warned) await recordMessages(page);
        await page
          .locator('[data-testid="scan-viewfinder"][data-state="scanning"]')
          .waitFor({ timeout: 60_000 });
        await page.getByTestId('scan-lift-item').first().waitFor({ timeout: 60_000 });
        if (warned)
          await waitFor(
            'the Spanish label-weight warning',
            async () =>
              (await messages(page)).includes(
                'CX-10003 añadida, pero su etiqueta dice 12.900 kg y el packing list 12.100 kg (difieren un 6,6 %): revísela',
              ),
            60_000,
          );
        await expectNoRawKeys(page);
        const viewport = { width: size.width, height: size.height };
        // The validate button in reach without scrolling, the viewfinder large.
        const validate = await page.getByTestId('scan-validate').boundingBox();
        expect(validate, where).not.toBeNull();
        if (validate) expect(validate.y + validate.height, where).toBeLessThanOrEqual(viewport.height);
        const finder = await page.getByTestId('scan-viewfinder').boundingBox();
        if (finder)
          expect(finder.width * finder.height, where).toBeGreaterThan(viewport.width * viewport.height * 0.2);
        if (size.touch) expect(await smallTargets(page, '.mantine-Modal-content'), where).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `scan-${size.width}-${language}.png`) });
        await page.getByTestId('scan-close').click();
        await page.getByTestId('scan-viewfinder').waitFor({ state: 'hidden' });
      }
    }
  });

  it('with the camera refused: says why in English and Spanish, and typing a reference still adds it', async () => {
    const ids = await tallyProject('SCAN-3');
    const context = await openContext({ width: 768, height: 1024 }, true, 'en', false);
    const page = await context.newPage();
    await toTally(page, ids);
    const said = {
      en: "The camera is not allowed. Allow it in the browser's settings for this site, or type the references.",
      es: 'La cámara no está permitida. Permítala en los ajustes del navegador para este sitio, o escriba las referencias.',
    };
    for (const language of ['en', 'es'] as const) {
      if (language === 'es') await toSpanish(context, page);
      await page.getByTestId('scan-open').click();
      const failed = page.locator('[data-testid="scan-viewfinder"][data-state="failed"]');
      await failed.waitFor({ timeout: 30_000 });
      expect(await failed.getByRole('alert').textContent()).toBe(said[language]);
      await expectNoRawKeys(page);
      await page.screenshot({ path: join(SHOTS, `scan-refused-768-${language}.png`) });
      await page.getByTestId('scan-close').click();
      await page.getByTestId('scan-viewfinder').waitFor({ state: 'hidden' });
    }
    // The references typed instead join the lift, and it validates.
    await page.getByTestId('hold-2').click();
    const input = page.getByTestId('tally-input');
    await input.fill('CX-10004');
    await input.press('Enter');
    await page.getByTestId('lift-item').filter({ hasText: 'CX-10004' }).waitFor();
    await input.press('Enter');
    await page.getByTestId('count-lifts').getByText('1', { exact: true }).waitFor();
  });
});
