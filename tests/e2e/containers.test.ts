// Container reports in real Chromium: one made offline with two photos from the camera input, sent
// when the network returns (record and photos on the server), its PDF downloaded under the suggested
// name (with the seal, size-type, voyage and the inspector's signature drawn on the pad); then found,
// filtered and deleted from the /reports list.
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../../server/reports/read-files';
import type { TestServer } from '../../server/testing';
import { containerCheckDigit } from '../../src/domain/iso6346';
import { pick, waitFor, waitForServiceWorker } from './projects-support';
import { expectNoRawKeys, pathOf, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { startAppServer } from './support/server';
import { drawSignature } from './support/signature';
import { PHOTOS, waitForAllSent, waitForFirstSync } from './support/sync';

let server: TestServer;
let browser: Browser;
const SHOTS = process.env.E2E_SHOTS_DIR;
const NUMBER = `MSCU123456${containerCheckDigit('MSCU123456')}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('container reports', () => {
  it('makes a report offline with two photos, syncs it and downloads its PDF', async () => {
    const context = await newContext(browser, server.url, { width: 1280, height: 900 });
    const page = await context.newPage();
    await signIn(page);
    await waitForServiceWorker(page);
    await waitForFirstSync(page);
    await page.goto('/reports');
    await page.getByRole('heading', { name: 'Container reports', exact: true }).waitFor();
    await context.setOffline(true);

    await page.getByRole('link', { name: 'New container report' }).click();
    await page.getByRole('heading', { name: 'New container report', exact: true }).waitFor();
    const number = page.getByLabel('Container number');
    await number.fill('MSCU1234560');
    if (NUMBER !== 'MSCU1234560') await page.getByTestId('iso6346-warning').waitFor();
    await number.fill(NUMBER);
    await page.getByTestId('iso6346-warning').waitFor({ state: 'detached' });
    await pick(page, page, 'Status', 'Draft');
    await page.getByLabel('Size and type (ISO 6346)').fill('22g1');
    await page.getByLabel('Seal number').fill('ML-4471920');
    await page.getByLabel('Voyage', { exact: true }).fill('046W');
    await page.getByLabel('Place of inspection').fill('Terminal TPS, berth 12');
    await page.getByRole('button', { name: 'External', exact: true }).click();
    await page.getByLabel('Floor break', { exact: true }).check();
    // Side conditions are short choice lists: opened and picked, not searched.
    await page.getByRole('combobox', { name: 'Left side', exact: true }).first().click();
    await page.getByRole('option', { name: 'Broken', exact: true }).click();
    await page.getByRole('button', { name: 'Stowage', exact: true }).click();
    await page.getByLabel('Load shift', { exact: true }).check();
    // The inspector signs on the pad; the signature is saved with the report, offline.
    await page.getByRole('button', { name: 'Signature', exact: true }).click();
    await drawSignature(page, page.getByTestId('signature-pad'), false);
    await waitFor('the strokes on the pad', () =>
      page.getByTestId('container-signature').getByRole('button', { name: 'Clear' }).isEnabled(),
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/container-signature-1280-en.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await page.getByRole('heading', { name: `Container report ${NUMBER}`, exact: true }).waitFor();
    const id = pathOf(page).split('/').pop() ?? '';
    expect(await page.getByTestId('sync-mark').getAttribute('data-state')).toBe('pending');
    await page.getByRole('button', { name: 'Attachments', exact: true }).click();
    await page
      .getByTestId('container-attachments')
      .locator('input[type=file][accept="image/*"]')
      .setInputFiles(PHOTOS);
    await page.getByTestId('container-photo').nth(1).waitFor();
    expect(await page.getByTestId('download-pdf').textContent()).toContain('Needs a connection');
    expect(await page.getByTestId('download-pdf').isDisabled()).toBe(true);
    await expectNoRawKeys(page);

    await context.setOffline(false);
    await waitForAllSent(page, 60_000);
    const [stored] = await server.query(
      `select container_number, external_floor_break, external_left_side_status, load_shift, size_type,
        seal_number, voyage, place, signature like 'data:image/png;base64,%' as signed
      from container_report where id = $1`,
      [id],
    );
    expect(stored).toEqual({
      container_number: NUMBER,
      external_floor_break: true,
      external_left_side_status: 'broken',
      load_shift: true,
      size_type: '22G1',
      seal_number: 'ML-4471920',
      voyage: '046W',
      place: 'Terminal TPS, berth 12',
      signed: true,
    });
    const photos = await server.query(
      `select content_type from attachment where parent_resource = 'container-report' and parent_id = $1 and deleted_at is null`,
      [id],
    );
    expect(photos.map((row) => row.content_type)).toEqual(['image/jpeg', 'image/jpeg']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`container_report_${NUMBER}.pdf`);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPages(pdf))
      .map((one) => one.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    // The inspector by full name only; the particulars typed on the tablet; the signature drawn (with
    // the two photos, three images).
    expect(text).toContain('Inspector Marta Ruiz');
    expect(text).not.toMatch(/Marta Ruiz \(/);
    for (const particular of ['Seal number ML-4471920', 'Size and type (ISO 6346) 22G1', 'Voyage 046W'])
      expect(text).toContain(particular);
    // (The pad's PNG has an alpha channel: PDFKit adds its mask as one more image.)
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(3);
    // The 'generating_report' notice goes once the file is saved.
    await page.getByText('Generating report…').waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Close' }).click();
    await page.getByRole('heading', { name: 'Container reports', exact: true }).waitFor();
    const row = page.getByTestId('container-report-row').filter({ hasText: NUMBER });
    await row.waitFor();
    expect(await row.textContent()).toContain('Marta Ruiz');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByTestId('filter-modal').getByLabel('Container number').fill('123456');
    await page.getByTestId('filter-modal').getByRole('button', { name: 'Close' }).last().click();
    await page.getByTestId('filter-tags').waitFor();
    expect(pathOf(page)).toContain('container_number=123456');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await waitForAllSent(page);
    const [gone] = await server.query(`select deleted_at from container_report where id = $1`, [id]);
    expect(gone?.deleted_at).not.toBeNull();
    await context.close();
  });
});
