// In real Chromium: a packing list imported with columns the server did not read says so after the
// import, with the names a vague weight column would be read as: online in English (the dialog stays
// open with it), and offline in Spanish (the queued file, sent when back online, leaves the same note in
// the project until dismissed).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { csv } from '../fixtures/packing';
import { createRunProject } from './projects-support';
import { expectNoRawKeys, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { startAppServer } from './support/server';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function openProject(label: string): Promise<{ context: BrowserContext; page: Page; id: string }> {
  const { id, name } = await createRunProject(server, 'IGN', label);
  const context = await newContext(browser, server.url, { width: 1024, height: 768 });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page);
  await page.goto(`/project/${id}`);
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 60_000 });
  return { context, page, id };
}

const row = (page: Page, reference: string) =>
  page.locator(`[data-testid="packing-row"][data-reference="${reference}"]`);

describe('columns an import did not read', () => {
  it('online: the dialog says which columns were not imported and how to name the weight', async () => {
    const { page } = await openProject('Unread columns');
    await page.getByTestId('packing-import').click();
    const dialog = page.getByRole('dialog', { name: 'Import packing list' });
    const file = csv(
      ['Reference', 'Commodity', 'Weight (kg)', 'Notes'],
      [['UN-1', 'Coil', 18000, 'scratched']],
    );
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'unread.csv', mimeType: 'text/csv', buffer: file });
    await dialog.getByTestId('import-submit').click();
    const note = dialog.getByTestId('import-ignored');
    await note.waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId('import-done').textContent()).toBe(
      'Imported: 1 new, 0 updated, 0 unchanged.',
    );
    expect(await note.getByTestId('import-ignored-columns').textContent()).toBe(
      'Not imported: columns Weight (kg), Notes. Their values were not read.',
    );
    expect(await note.getByTestId('import-ignored-hint').allTextContents()).toEqual([
      'To import the column Weight (kg), rename it to Net weight or Gross weight and import the file again.',
    ]);
    await expectNoRawKeys(page);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await row(page, 'UN-1').waitFor({ timeout: 30_000 });
  });

  it('offline, in Spanish: the queued file is imported when back online and the project says what was not read', async () => {
    const { context, page, id } = await openProject('Columnas sin leer');
    await page.getByTestId('language-es').click();
    await context.setOffline(true);
    await page.getByTestId('packing-import').click();
    const dialog = page.getByRole('dialog', { name: 'Importar packing list' });
    const file = csv(['Referencia', 'Mercancía', 'Peso'], [['UN-2', 'Bobina', 12000]]);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'sin conexión.csv', mimeType: 'text/csv', buffer: file });
    await dialog.getByTestId('import-submit').click();
    await dialog.getByTestId('import-queued').waitFor();
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await page.getByTestId('queued-import').waitFor();
    await context.setOffline(false);

    const done = page.getByTestId('queued-import-done');
    await done.waitFor({ timeout: 60_000 });
    await row(page, 'UN-2').waitFor({ timeout: 60_000 });
    expect(await done.getByTestId('import-ignored-columns').textContent()).toBe(
      'No importado: columna Peso. Sus valores no se leyeron.',
    );
    expect(await done.getByTestId('import-ignored-hint').allTextContents()).toEqual([
      'Para importar la columna Peso, cámbiale el nombre a Peso neto o Peso bruto e importa el archivo de nuevo.',
    ]);
    expect(await done.textContent()).toContain('sin conexión.csv se importó.');
    const stored = await server.query(
      'select net_weight, gross_weight from packing_list where project = $1',
      [id],
    );
    expect(stored).toEqual([{ net_weight: null, gross_weight: null }]);
    await expectNoRawKeys(page);
    // The note stays across a reload until dismissed.
    await page.reload();
    await done.waitFor({ timeout: 60_000 });
    await done.getByRole('button', { name: 'Entendido' }).click();
    await page.getByTestId('queued-imports').waitFor({ state: 'detached' });
  });
});
