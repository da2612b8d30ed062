// In real Chromium with the interface in Spanish: a refused import lists its problems in Spanish, worded
// by the server (the API client sends Accept-Language: es), each still placed by row and column.
import type { Browser, BrowserContext } from 'playwright-core';
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

describe('an import refused in Spanish', () => {
  it('shows the server problems in Spanish, by row and column, nothing imported', async () => {
    const { id: projectId, name } = await createRunProject(server, 'ES', 'Importación');
    const context = await newContext(browser, server.url, { width: 1024, height: 768 });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page);
    await page.goto(`/project/${projectId}`);
    await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 60_000 });
    await page.getByTestId('language-es').click();
    await page.getByTestId('packing-import').click();
    const dialog = page.getByRole('dialog', { name: 'Importar packing list' });
    const header = ['Referencia', 'Mercancía', 'Cantidad', 'Peso neto (kg)', 'Peso bruto', 'Ubicación'];
    const bad = csv(header, [
      ['ES-1', 'Bobina', 1, 12000, 12100, 'A bordo'],
      ['ES-2', 'Unobtainium', 1, 12000, 12100, 'A bordo'],
      ['ES-1', 'Bobina', 1, 12000, 12100, 'Almacén'],
    ]);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'Lista de bultos.csv', mimeType: 'text/csv', buffer: bad });
    await dialog.getByTestId('import-submit').click();
    await dialog.getByTestId('import-errors').waitFor({ timeout: 60_000 });
    const rows = await dialog.getByTestId('import-error').evaluateAll((elements) =>
      elements.map((element) => {
        const cells = [...element.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
        return { row: (element as HTMLElement).dataset.row, cells };
      }),
    );
    expect(rows).toEqual([
      {
        row: '3',
        cells: ['3', 'B (Mercancía)', expect.stringMatching(/^Mercancía desconocida "Unobtainium" \(use /)],
      },
      { row: '4', cells: ['4', 'A (Referencia)', 'La referencia "ES-1" también está en la fila 2.'] },
    ]);
    expect(await dialog.getByTestId('import-error-count').textContent()).toBe('2 problemas');
    expect(await dialog.getByText(/Row \d|Unknown commodity|is also on row/).count()).toBe(0);
    expect(await server.query('select id from packing_list where project = $1', [projectId])).toHaveLength(0);
    await expectNoRawKeys(page);
  });
});
