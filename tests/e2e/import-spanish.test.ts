// In real Chromium with the interface in Spanish: a refused import lists its problems in Spanish, each
// placed by row, column and field from the answer's structured problems and worded by the app from their
// keys (no line of text is read); a file queued offline and refused when sent is worded so too, and
// reworded when the user switches language.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { csv } from '../fixtures/packing';
import { expectNoRawKeys } from './support/app';
import { openImport, queueOfflineInSpanish, submitImport } from './support/packing-import';
import { openRigProject, projectPerTest } from './support/rig';

const rig = projectPerTest('ES', 'Importación');
const header = ['Referencia', 'Mercancía', 'Cantidad', 'Peso neto (kg)', 'Peso bruto', 'Ubicación'];

/** The refused problems as the table shows them: row, field and cells. */
const problemRows = (errors: Locator) =>
  errors.getByTestId('import-error').evaluateAll((elements) =>
    elements.map((element) => {
      const cells = [...element.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
      const { row, field } = (element as HTMLElement).dataset;
      return { row, field, cells };
    }),
  );

describe('an import refused in Spanish', () => {
  it('shows the server problems in Spanish, by row and column, nothing imported', async () => {
    const page = await openRigProject(rig);
    await page.getByTestId('language-es').click();
    const dialog = await openImport(page, 'Importar la lista de bultos');
    const bad = csv(header, [
      ['ES-1', 'Bobina', 1, 12000, 12100, 'A bordo'],
      ['ES-2', 'Unobtainium', 1, 12000, 12100, 'A bordo'],
      ['ES-1', 'Bobina', 1, 12000, 12100, 'Almacén'],
    ]);
    await submitImport(dialog, 'Lista de bultos.csv', bad);
    await dialog.getByTestId('import-errors').waitFor({ timeout: 60_000 });
    expect(await problemRows(dialog)).toEqual([
      {
        row: '3',
        field: 'commodity',
        cells: ['3', 'B (Mercancía)', expect.stringMatching(/^Mercancía desconocida "Unobtainium" \(use /)],
      },
      {
        row: '4',
        field: 'reference',
        cells: ['4', 'A (Referencia)', 'La referencia "ES-1" también está en la fila 2.'],
      },
    ]);
    expect(await dialog.getByTestId('import-error-count').textContent()).toBe('2 problemas');
    expect(await dialog.getByText(/Row \d|Unknown commodity|is also on row/).count()).toBe(0);
    expect(
      await rig.server.query('select id from packing_list where project = $1', [rig.project.id]),
    ).toHaveLength(0);
    await expectNoRawKeys(page);
  });

  it('queued offline and refused when sent: the project shows its problems in the language of the moment', async () => {
    const page = await openRigProject(rig);
    await page.getByTestId('language-es').click();
    const bad = csv(header, [
      ['OFF-1', 'Bobina', 1, 12000, 12100, 'A bordo'],
      ['OFF-1', 'Bobina', 1, 12000, 12100, 'Almacén'],
    ]);
    await queueOfflineInSpanish(page, 'sin conexión.csv', bad);
    await page.context().setOffline(false);

    // Sent when back online (asked in Spanish) and refused: the project keeps it with its problems.
    const refused = page.getByTestId('queued-imports').getByTestId('import-errors');
    await refused.waitFor({ timeout: 60_000 });
    const duplicate = (problem: string) => [
      { row: '3', field: 'reference', cells: ['3', 'A (Referencia)', problem] },
    ];
    expect(await problemRows(refused)).toEqual(duplicate('La referencia "OFF-1" también está en la fila 2.'));
    // Switched to English, the same problems read in English, worded from their keys.
    await page.getByTestId('language-en').click();
    await refused.getByText('1 problem', { exact: true }).waitFor();
    expect(await problemRows(refused)).toEqual(duplicate('The reference "OFF-1" is also on row 2.'));
    expect(await refused.getByText(/también|Fila/).count()).toBe(0);
    await expectNoRawKeys(page);
    expect(
      await rig.server.query('select id from packing_list where project = $1', [rig.project.id]),
    ).toHaveLength(0);
  });
});
