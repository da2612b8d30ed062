// The packing list on the project page in real Chromium: the detail modal's rules for each commodity
// (damage options for coil and granite, damage checkboxes for coil, label colors for aluminium with the
// packing set), the attention toggle, read-only fields; and an import refused with its errors shown by
// row and column, then a good file whose items arrive with the sync.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { csv } from '../fixtures/packing';
import { apiSession, localRows, lookupId, pick, waitFor, waitForSync } from './projects-support';
import { expectNoRawKeys, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { startAppServer } from './support/server';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let projectId = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const api = await apiSession(server);
  const project = await api.post<{ id: string }>('/api/project/', {
    code: 'PL-1',
    name: 'Packing call',
    status: await lookupId(server, 'project_status', 'In progress'),
    init_date: '2026-11-20',
  });
  projectId = project.id;
  for (const [reference, commodity] of [
    ['COIL-1', 'Coil'],
    ['GRAN-1', 'Granite'],
    ['ALU-1', 'Aluminium'],
    ['OTH-1', 'Other'],
  ] as const)
    await api.post('/api/packing-list/', {
      project: projectId,
      reference,
      commodity: await lookupId(server, 'commodity', commodity),
      quantity: '2',
      net_weight: '1000',
      gross_weight: '1010',
    });
  context = await newContext(browser, server.url, { width: 1280, height: 900 });
  page = await context.newPage();
  await page.goto('/login');
  await signIn(page);
  await page.goto(`/project/${projectId}`);
  await page.getByRole('heading', { level: 1, name: 'Project Packing call' }).waitFor({ timeout: 60_000 });
  await waitFor('the items on the device', async () => (await localRows(page, 'packing-list')).length === 4);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

const row = (reference: string) => page.locator(`[data-testid="packing-row"][data-reference="${reference}"]`);

async function openItem(reference: string) {
  await row(reference).click();
  const dialog = page.getByRole('dialog', { name: `Item ${reference}` });
  await dialog.getByTestId('packing-form').waitFor();
  return dialog;
}

async function shows(dialog: ReturnType<Page['getByRole']>) {
  return {
    otherDamage: await dialog.getByLabel('Other damage', { exact: true }).count(),
    checkboxes: await dialog.getByTestId('damage-checkboxes').count(),
    labelColors: await dialog.getByTestId('label-color-select').count(),
  };
}

/** Waits (the commodity is read from the device after the form shows) until the dialog shows what is expected. */
async function expectShows(
  dialog: ReturnType<Page['getByRole']>,
  expected: Awaited<ReturnType<typeof shows>>,
) {
  let seen = await shows(dialog);
  const deadline = Date.now() + 10_000;
  while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await shows(dialog);
  }
  expect(seen).toEqual(expected);
}

describe('the packing list', () => {
  it('applies the detail modal rules of each commodity', async () => {
    await row('COIL-1').waitFor();
    const coil = await openItem('COIL-1');
    await expectShows(coil, { otherDamage: 1, checkboxes: 1, labelColors: 0 });
    // Editing: processed quantity editable; validated and its date never.
    expect(await coil.getByLabel('Processed quantity', { exact: true }).isEnabled()).toBe(true);
    expect(await coil.getByLabel('Validated', { exact: true }).isEnabled()).toBe(false);
    expect(await coil.getByLabel('Validation date', { exact: true }).isEnabled()).toBe(false);
    const toggle = coil.getByTestId('attention-toggle');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await coil.getByLabel('Wrapping', { exact: true }).check();
    await coil.getByLabel('Other damage', { exact: true }).fill('Dented edge');
    await coil.getByTestId('packing-save').click();
    await coil.waitFor({ state: 'hidden' });
    await row('COIL-1').getByTestId('attention-icon').waitFor();

    const granite = await openItem('GRAN-1');
    await expectShows(granite, { otherDamage: 1, checkboxes: 0, labelColors: 0 });
    await granite.getByRole('button', { name: 'Close' }).last().click();

    const aluminium = await openItem('ALU-1');
    await expectShows(aluminium, { otherDamage: 0, checkboxes: 0, labelColors: 1 });
    // The pills field sits under the modal body's hit area in this viewport: open it by its own click event.
    const colors = aluminium.getByTestId('label-color-select');
    await colors.focus();
    await colors.dispatchEvent('click');
    await page.getByRole('option').first().waitFor();
    const options = await page.getByRole('option').allTextContents();
    expect(options.some((text) => text.startsWith('Gold') && text.includes('#FFD700'))).toBe(true);
    expect(options.some((text) => text.startsWith('Golden') || text.startsWith('White'))).toBe(false);
    expect(options).toHaveLength(13);
    await page.getByRole('option', { name: /^Gold/ }).click();
    await page.getByRole('option', { name: /^Red/ }).click();
    await aluminium.getByTestId('packing-save').click();
    await aluminium.waitFor({ state: 'hidden' });
    await row('ALU-1').locator('[data-color="gold"]').waitFor();

    const other = await openItem('OTH-1');
    await expectShows(other, { otherDamage: 0, checkboxes: 0, labelColors: 0 });
    await other.getByRole('button', { name: 'Close' }).last().click();

    // A new item: processed quantity only when editing; the rules follow the chosen commodity.
    await page.getByTestId('packing-add').click();
    const fresh = page.getByRole('dialog', { name: 'New item' });
    expect(await fresh.getByLabel('Processed quantity', { exact: true }).isEnabled()).toBe(false);
    await pick(page, fresh, 'Commodity', 'Granite');
    await fresh.getByLabel('Other damage', { exact: true }).waitFor();
    await expectShows(fresh, { otherDamage: 1, checkboxes: 0, labelColors: 0 });
    await fresh.getByRole('button', { name: 'Close' }).last().click();
    await expectNoRawKeys(page);

    await waitForSync(page);
    const api = await apiSession(server);
    const items = await api.get<{ results: Array<Record<string, unknown>> }>(
      `/api/packing-list/?project=${projectId}`,
    );
    const byRef = Object.fromEntries(items.results.map((item) => [item.reference, item]));
    expect(byRef['COIL-1']).toMatchObject({
      requires_attention: true,
      damage: ['wrapping'],
      other_damage: 'Dented edge',
    });
    expect(byRef['ALU-1']?.label_color).toEqual(['gold', 'red']);
  });

  it('shows an import refusal by row and column, then imports a good file', async () => {
    await page.getByTestId('packing-import').click();
    const dialog = page.getByRole('dialog', { name: 'Import packing list' });
    const header = ['Reference', 'Commodity', 'Quantity', 'Net weight', 'Gross weight', 'Location'];
    const bad = csv(header, [
      ['IMP-1', 'Coil', 1, 'heavy', 12100, 'onboard'],
      [null, 'Coil', 1, 12000, 12100, 'onboard'],
    ]);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: bad });
    await dialog.getByTestId('import-submit').click();
    await dialog.getByTestId('import-errors').waitFor();
    const problems = await dialog
      .getByTestId('import-error')
      .evaluateAll((rows) =>
        rows.map(
          (element) => `${(element as HTMLElement).dataset.row}:${(element as HTMLElement).dataset.column}`,
        ),
      );
    expect(problems).toEqual(expect.arrayContaining(['2:D', '3:A']));

    const good = csv(header, [
      ['IMP-1', 'Coil', 1, 12000, 12100, 'onboard'],
      ['IMP-2', 'Coil', 1, 12000, 12100, 'warehouse'],
    ]);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: good });
    await dialog.getByTestId('import-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await row('IMP-2').waitFor({ timeout: 30_000 });
    await expectNoRawKeys(page);
  });
  it('offline, keeps the file and says it will import when back online; online, imports it and the items arrive', async () => {
    await context.setOffline(true);
    await page.getByTestId('packing-import').click();
    const dialog = page.getByRole('dialog', { name: 'Import packing list' });
    const header = ['Referencia', 'Mercancía', 'Cantidad', 'Peso neto', 'Peso bruto', 'Ubicación'];
    const file = csv(header, [['OFF-1', 'Coil', 1, 12000, 12100, 'onboard']]);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'offline.csv', mimeType: 'text/csv', buffer: file });
    await dialog.getByTestId('import-submit').click();
    expect(await dialog.getByTestId('import-queued').textContent()).toContain(
      'will be imported when back online',
    );
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.getByTestId('queued-import').waitFor();
    await context.setOffline(false);
    await row('OFF-1').waitFor({ timeout: 60_000 });
    await page.getByTestId('queued-imports').waitFor({ state: 'detached' });
  });
  it('loose counter: adds, edits and deletes remaining parts with several label colors and a decimal quantity', async () => {
    await page.getByTestId('loose-open').click();
    const modal = page.getByRole('dialog', { name: 'Aluminium loose counter' });
    await modal.getByTestId('loose-add').click();
    const colors = modal.getByTestId('label-color-select');
    await colors.focus();
    await colors.dispatchEvent('click');
    const options = await page.getByRole('option').allTextContents();
    expect(options).toHaveLength(14);
    expect(options.some((text) => text.startsWith('White') && text.includes('#FFFFFF'))).toBe(true);
    await page.getByRole('option', { name: /^Golden/ }).click();
    await page.getByRole('option', { name: /^White/ }).click();
    await modal.getByLabel('Quantity', { exact: true }).fill('abc');
    await modal.getByTestId('loose-save').click();
    await modal.getByText('Type a number, with up to 3 decimals (e.g. 12.5).').waitFor();
    await modal.getByLabel('Quantity', { exact: true }).fill('2,5');
    await modal.getByTestId('loose-save').click();
    const entry = modal.getByTestId('loose-row').first();
    await entry.waitFor();
    // Shown as a number in the interface language, the decimals it has (stored as 2.500).
    expect(await entry.textContent()).toContain('2.5');
    expect(
      await entry
        .locator('[data-color]')
        .evaluateAll((chips) => chips.map((c) => c.getAttribute('data-color'))),
    ).toEqual(['golden', 'white']);
    await entry.getByRole('button', { name: 'Edit' }).click();
    await modal.getByLabel('Quantity', { exact: true }).fill('3.25');
    await modal.getByTestId('loose-save').click();
    await waitFor(
      'the edit shown',
      async () => (await modal.getByTestId('loose-row').first().textContent())?.includes('3.25') === true,
    );
    await waitForSync(page);
    const api = await apiSession(server);
    const stored = await api.get<{ results: Array<Record<string, unknown>> }>(
      `/api/remaining-parts/?project=${projectId}`,
    );
    expect(stored.results).toMatchObject([{ quantity: '3.250', label_color: ['golden', 'white'] }]);

    await modal.getByTestId('loose-row').first().getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete').getByRole('button', { name: 'Delete' }).click();
    await modal.getByText('No remaining parts.').waitFor();
    await expectNoRawKeys(page);
  });
});
