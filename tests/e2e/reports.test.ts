// The project's reports accordion and summary modal in real Chromium: each tab's add, edit and delete
// (the coil report refused without commodity and activity), a coil spreadsheet saved under the name the
// server suggests, and the summaries (tables and charts) computed on the device while offline. The claim
// bundle (issue 21) of the incidences listed, and of one packing item from its "Download all" on a
// phone; a packing item's change the server refused shown on its form, under the field.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { jpeg, pdf } from '../fixtures/files';
import { unzip } from '../fixtures/unzip';
import { apiSession, lookupId, pick, waitForServiceWorker, waitForSync } from './projects-support';
import { expectNoRawKeys, openSection, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { callSetup } from './support/call';
import { startAppServer } from './support/server';
import { waitForFirstSync } from './support/sync';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let projectId = '';
let photo: Buffer;
let itemPhoto: Buffer;
let gangB = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const call = await callSetup(server);
  const discharge = await lookupId(server, 'project_activity', 'Discharge');
  projectId = await call.project('REP-1', 'Reports call', { activity: discharge });
  const shift = await call.event(projectId, 'Working shift', '2026-11-20T08:00:00Z', '2026-11-20T14:00:00Z');
  const hand = await call.hand(shift, {
    description: 'Gang A',
    activity: discharge,
    init_date: '2026-11-20T08:00:00Z',
    end_date: '2026-11-20T14:00:00Z',
  });
  gangB = await call.hand(shift, {
    description: 'Gang B',
    activity: discharge,
    init_date: '2026-11-20T08:00:00Z',
    end_date: '2026-11-20T14:00:00Z',
  });
  const [, rp2] = await call.coils(
    projectId,
    (
      [
        [1, 1],
        [2, 1],
        [3, 2],
      ] as const
    ).map(([n, hold]) => ({
      reference: `RP-${n}`,
      quantity: '1',
      processed_quantity: '1',
      net_weight: '12000',
      gross_weight: '12100',
      validated: true,
      validation_datetime: `2026-11-20T${String(8 + n).padStart(2, '0')}:00:00Z`,
      validation_hand: hand,
      validation_hold: hold,
    })),
  );
  // An incidence with a photo and its provenance, for the claim bundle.
  const incidence = await call.api.post<{ id: string }>('/api/incidence/', {
    project: projectId,
    description: 'Dented coil RP-2',
  });
  photo = await jpeg(640, 480, 7);
  await call.api.post(`/api/incidence/${incidence.id}/attachments/`, {
    name: 'dent.jpg',
    base_64: photo.toString('base64'),
    is_image: true,
    zone: 'onboard',
    captured_at: '2026-11-20T09:30:00Z',
    capture_device: 'tablet-3',
  });
  // A packing item's label photo and mill certificate, for its own claim bundle.
  itemPhoto = await jpeg(480, 360, 13);
  await call.api.post(`/api/packing-list/${rp2}/attachments/`, {
    name: 'label-rp2.jpg',
    base_64: itemPhoto.toString('base64'),
    is_image: true,
    zone: 'warehouse',
    captured_at: '2026-11-20T10:05:00Z',
  });
  await call.api.post(`/api/packing-list/${rp2}/attachments/`, {
    name: 'mill-cert.pdf',
    base_64: pdf().toString('base64'),
    is_image: false,
  });
  context = await newContext(browser, server.url, { width: 1280, height: 900 });
  page = await context.newPage();
  await signIn(page);
  await waitForServiceWorker(page);
  await waitForFirstSync(page);
  await page.goto(`/project/${projectId}`);
  await openSection(page, 'reports');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

/** The page as it is, into E2E_SHOTS_DIR when set (the layout walk's folder), for a person to look at. */
const shot = async (name: string) => {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`) });
};
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Makes the claim bundle of an open dialog, its answer held until the progress is on screen (a small
 * bundle arrives at once); answers the download.
 */
async function makeBundleShowingProgress(dialog: Locator) {
  await page.route('**/make_claim_bundle/', async (route) => {
    const response = await route.fetch();
    await dialog.getByTestId('claim-bundle-progress').waitFor();
    await route.fulfill({ response });
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('claim-bundle-make').click(),
  ]);
  await page.unroute('**/make_claim_bundle/');
  return download;
}

const tab = (name: string) => page.getByTestId('section-reports').getByRole('tab', { name, exact: true });

async function addEditDelete(
  list: Locator,
  dialog: Locator,
  fill: (dialog: Locator) => Promise<void>,
  edit: (dialog: Locator) => Promise<void>,
  shown: [string, string],
) {
  await list.getByRole('button', { name: 'Add report' }).click();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = list.getByTestId('report-row');
  await row.filter({ hasText: shown[0] }).waitFor();
  // Every kind of report carries documents (the prompter report too).
  expect(await row.getByRole('button', { name: 'Documents' }).count()).toBe(1);
  await row.getByRole('button', { name: 'Edit' }).click();
  await edit(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await row.filter({ hasText: shown[1] }).waitFor();
  await waitForSync(page);
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-delete').getByRole('button', { name: 'Delete' }).click();
  await row.waitFor({ state: 'detached' });
  await waitForSync(page);
}

describe('project reports', () => {
  it('adds, edits and deletes a report in each tab; a coil report needs commodity and activity', async () => {
    const coil = page.getByTestId('report-list-coil_report');
    const coilDialog = page.getByTestId('report-modal-coil_report');
    await addEditDelete(
      coil,
      coilDialog,
      async (dialog) => {
        await dialog.getByLabel('Stevedores', { exact: true }).fill('Estiba Norte');
        await dialog.getByRole('button', { name: 'Save' }).click();
        expect(await dialog.getByTestId('form-errors').textContent()).toBe(
          'Choose the commodity and the activity to save a coil report.',
        );
        // What was typed stays.
        expect(await dialog.getByLabel('Stevedores', { exact: true }).inputValue()).toBe('Estiba Norte');
        await pick(page, dialog, 'Commodity', 'Coil');
        await pick(page, dialog, 'Activity', 'Discharge');
      },
      (dialog) => dialog.getByLabel('Stevedores', { exact: true }).fill('Estiba Sur'),
      ['Estiba Norte', 'Estiba Sur'],
    );
    const [coilRow] = await server.query(
      `select stevedores, deleted_at from coil_report where project = $1`,
      [projectId],
    );
    expect(coilRow?.stevedores).toBe('Estiba Sur');
    expect(coilRow?.deleted_at).not.toBeNull();

    await tab('SOF report').click();
    await addEditDelete(
      page.getByTestId('report-list-sof_report'),
      page.getByTestId('report-modal-sof_report'),
      (dialog) => dialog.getByLabel('Berthing wharf', { exact: true }).fill('Berth 7'),
      (dialog) => dialog.getByLabel('Berthing wharf', { exact: true }).fill('Berth 8'),
      ['Berth 7', 'Berth 8'],
    );
    const [sof] = await server.query(`select berthing_wharf, deleted_at from sof_report where project = $1`, [
      projectId,
    ]);
    expect(sof?.berthing_wharf).toBe('Berth 8');
    expect(sof?.deleted_at).not.toBeNull();

    await tab('Prompter report').click();
    await addEditDelete(
      page.getByTestId('report-list-prompter_report'),
      page.getByTestId('report-modal-prompter_report'),
      async (dialog) => {
        await pick(page, dialog, 'Hand', 'Gang A');
        await dialog.getByLabel('Hold', { exact: true }).fill('2');
      },
      (dialog) => dialog.getByLabel('Hold', { exact: true }).fill('3'),
      ['Gang A', '3'],
    );
    const [prompter] = await server.query(`select hold, deleted_at from prompter_report where project = $1`, [
      projectId,
    ]);
    expect(prompter?.hold).toBe(3);
    expect(prompter?.deleted_at).not.toBeNull();
    await expectNoRawKeys(page);
  });

  it('saves a coil spreadsheet under the name the server suggests', async () => {
    await tab('Coil report').click();
    const list = page.getByTestId('report-list-coil_report');
    const [response, download] = await Promise.all([
      page.waitForResponse((answer) => answer.url().includes('/make_coil_report/')),
      page.waitForEvent('download'),
      list.getByTestId('generate-coil_report').click(),
    ]);
    const suggested = decodeURIComponent((await response.headerValue('x-suggested-filename')) ?? '');
    expect(suggested).toMatch(/^coil_report.*\.xlsx$/);
    expect(download.suggestedFilename()).toBe(suggested);
    expect((await readFile(await download.path())).subarray(0, 2).toString()).toBe('PK');
    await page.getByText('Generating report…').waitFor({ state: 'detached' });

    // In the user's language: a Spanish screen gets the Spanish file.
    const reopen = async (language: 'en' | 'es', title: string) => {
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      // The address keeps the section: the reports open again after the reload.
      await page.reload();
      await page.getByTestId('section-reports').getByRole('heading', { name: title, exact: true }).waitFor();
    };
    await reopen('es', 'Informes');
    const [spanish] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('generate-coil_report').click(),
    ]);
    expect(spanish.suggestedFilename()).toMatch(/^informe_bobinas.*\.xlsx$/);
    await page.getByText('Generando informe…').waitFor({ state: 'detached' });
    await expectNoRawKeys(page);
    await reopen('en', 'Reports');
  });

  it('makes a claim bundle of the incidences listed, with progress and its hash, in English and Spanish', async () => {
    await openSection(page, 'incidences');
    await page.getByTestId('claim-bundle-open').click();
    const dialog = page.getByTestId('claim-bundle');
    await dialog.getByText('The photos and documents of the incidence listed').waitFor();
    const english = await makeBundleShowingProgress(dialog);
    expect(english.suggestedFilename()).toMatch(/^claim_bundle_REP-1_.*\.zip$/);
    const files = await unzip(await readFile(await english.path()));
    const manifest = files.get('manifest.json') ?? Buffer.alloc(0);
    // The hash shown is the bundle's: of its manifest, which gives the photo's.
    expect(await dialog.getByTestId('claim-bundle-hash').textContent()).toBe(sha(manifest));
    const [row] = (JSON.parse(manifest.toString()) as { files: { path: string; sha256: string }[] }).files;
    expect(row?.sha256).toBe(sha(photo));
    expect(files.get(String(row?.path))?.equals(photo)).toBe(true);
    await dialog.getByText('Saved claim_bundle_').waitFor();
    await expectNoRawKeys(page);
    await shot('claim-bundle-en');
    // Offline: it needs a connection.
    await context.setOffline(true);
    await dialog.getByTestId('claim-bundle-offline').waitFor();
    expect(await dialog.getByTestId('claim-bundle-make').isDisabled()).toBe(true);
    await context.setOffline(false);

    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await page.getByTestId('claim-bundle-open').click();
    await dialog.getByText('Las fotos y documentos de la incidencia listada').waitFor();
    const [spanish] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Descargar paquete' }).click(),
    ]);
    expect(spanish.suggestedFilename()).toMatch(/^paquete_reclamacion_REP-1_.*\.zip$/);
    const spanishFiles = await unzip(await readFile(await spanish.path()));
    expect(await dialog.getByTestId('claim-bundle-hash').textContent()).toBe(
      sha(spanishFiles.get('manifest.json') ?? Buffer.alloc(0)),
    );
    await dialog.getByText('Guardado paquete_reclamacion_').waitFor();
    await expectNoRawKeys(page);
    await shot('claim-bundle-es');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await openSection(page, 'reports');
  });

  it("makes a packing item's claim bundle from its 'Download all', on a phone, in English and Spanish", async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openSection(page, 'packing');
    const modal = page.getByTestId('packing-modal');
    const open = async () => {
      await page.locator('[data-testid="packing-row"][data-reference="RP-2"]').click();
      await modal.getByTestId('document-row').filter({ hasText: 'mill-cert.pdf' }).waitFor();
      await modal.getByTestId('documents-zip-more').click();
      await page.getByTestId('documents-claim').click();
    };
    await open();
    const dialog = page.getByTestId('claim-bundle');
    await dialog.getByText('The photos and documents of this record').waitFor();
    const english = await makeBundleShowingProgress(dialog);
    expect(english.suggestedFilename()).toMatch(/^claim_bundle_REP-1_.*_RP-2\.zip$/);
    const files = await unzip(await readFile(await english.path()));
    const manifest = files.get('manifest.json') ?? Buffer.alloc(0);
    expect(await dialog.getByTestId('claim-bundle-hash').textContent()).toBe(sha(manifest));
    const rows = (
      JSON.parse(manifest.toString()) as { files: { path: string; name: string; sha256: string }[] }
    ).files;
    // The item's photo and document, nothing of the incidence's.
    expect(rows.map((row) => row.name).sort()).toEqual(['label-rp2.jpg', 'mill-cert.pdf']);
    for (const row of rows) expect(sha(files.get(row.path) ?? Buffer.alloc(0))).toBe(row.sha256);
    expect(files.get(rows.find((row) => row.name === 'label-rp2.jpg')?.path ?? '')?.equals(itemPhoto)).toBe(
      true,
    );
    await dialog.getByText('Saved claim_bundle_').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoRawKeys(page);
    await shot('claim-item-360-en');

    // A tablet in Spanish.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await openSection(page, 'packing');
    await open();
    await dialog.getByText('Las fotos y documentos de este registro').waitFor();
    const [spanish] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Descargar paquete' }).click(),
    ]);
    expect(spanish.suggestedFilename()).toMatch(/^paquete_reclamacion_REP-1_.*_RP-2\.zip$/);
    const index = (await unzip(await readFile(await spanish.path()))).get('index.pdf');
    expect(index?.subarray(0, 5).toString()).toBe('%PDF-');
    await dialog.getByText('Guardado paquete_reclamacion_').waitFor();
    await expectNoRawKeys(page);
    await shot('claim-item-768-es');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
  });

  it("shows the server's refusal of a packing item's validation hand under that field", async () => {
    await openSection(page, 'packing');
    const modal = page.getByTestId('packing-modal');
    const rp3 = page.locator('[data-testid="packing-row"][data-reference="RP-3"]');
    // Offline, the prompter moves RP-3 to Gang B; meanwhile the office deletes Gang B.
    await context.setOffline(true);
    await rp3.click();
    await pick(page, modal, 'Validation hand', 'Gang B');
    await modal.getByTestId('packing-save').click();
    await modal.waitFor({ state: 'hidden' });
    const office = await apiSession(server);
    expect((await office.api('DELETE', `/api/hand/${gangB}/`, { token: office.token })).status).toBe(204);
    await context.setOffline(false);
    await page.waitForFunction(() => window.__karbontrack?.status().needs_attention === 1, undefined, {
      timeout: 30_000,
    });
    await rp3.click();
    const hand = modal.getByRole('combobox', { name: 'Validation hand', exact: true });
    // Under the field, named, in the screen's words (the server answered with the hand's id).
    await expect.poll(async () => hand.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
    const error = modal.locator('.mantine-Select-error');
    expect(await error.textContent()).toBe(
      'Validation hand: the record chosen is not on the server (any more).',
    );
    await shot('packing-refusal-en');
    // Another hand chosen: the refusal of the old value no longer stands under the field.
    await pick(page, modal, 'Validation hand', 'Gang A');
    expect(await hand.getAttribute('aria-invalid')).not.toBe('true');
    await modal.getByTestId('packing-save').click();
    await modal.waitFor({ state: 'hidden' });
    await openSection(page, 'reports');
  });

  it('offline: generation needs a connection; the summary modal computes tables and charts on the device', async () => {
    await context.setOffline(true);
    const generate = page.getByTestId('generate-coil_report');
    await generate.getByText('Needs a connection').waitFor();
    expect(await generate.isDisabled()).toBe(true);

    await page.getByTestId('summary-button').click();
    const modal = page.getByTestId('summary-modal');
    const summary = modal.getByTestId('summary-table').getByTestId('summary-row');
    await summary.first().waitFor();
    expect(await summary.count()).toBe(1);
    const cells = await summary.first().locator('td').allTextContents();
    // 3 coils of 12 t over 6 hours without stoppages: 6.00 MT/h, 0.50 units/h.
    expect(cells).toEqual(['Coil', 'Discharge', '3', '6.00', '6.00', '0.50', '6.00', '0.00']);
    await modal.getByTestId('chart-call').waitFor();

    await modal.getByRole('tab', { name: 'Tons ratio', exact: true }).click();
    const tons = modal.getByTestId('tons-row');
    await tons.first().waitFor();
    expect(await tons.evaluateAll((rows) => rows.map((row) => row.textContent))).toEqual([
      'Coil124.00',
      'Coil212.00',
    ]);
    expect(await modal.getByTestId('chart-bar').count()).toBe(2);
    await modal.getByRole('tab', { name: 'Coil · hold 2', exact: true }).click();
    await modal.getByTestId('summary-table-coil_2').waitFor();
    await expectNoRawKeys(page);

    // In Spanish (still offline): hours, tonnes and ratios with a decimal comma, through src/domain/numbers.ts.
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await page.getByTestId('summary-button').click();
    await summary.first().waitFor();
    expect((await summary.first().locator('td').allTextContents()).slice(2)).toEqual([
      '3',
      '6,00',
      '6,00',
      '0,50',
      '6,00',
      '0,00',
    ]);
    await modal.getByRole('tab', { name: 'Ratio de toneladas', exact: true }).click();
    await tons.first().waitFor();
    expect(await tons.evaluateAll((rows) => rows.map((row) => row.textContent))).toEqual([
      'Bobina124,00',
      'Bobina212,00',
    ]);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await openSection(page, 'reports');
    await context.setOffline(false);
  });
});
