// In real Chromium with the interface in Spanish: a refused import lists its problems in Spanish, worded
// by the server (the API client sends Accept-Language: es), each placed by row, column and field from the
// answer's structured problems (no line of text is read).
import { describe, expect, it } from 'vitest';
import { csv } from '../fixtures/packing';
import { expectNoRawKeys } from './support/app';
import { openImport, submitImport } from './support/packing-import';
import { openRigProject, projectPerTest } from './support/rig';

const rig = projectPerTest('ES', 'Importación');

describe('an import refused in Spanish', () => {
  it('shows the server problems in Spanish, by row and column, nothing imported', async () => {
    const page = await openRigProject(rig);
    await page.getByTestId('language-es').click();
    const dialog = await openImport(page, 'Importar la lista de bultos');
    const header = ['Referencia', 'Mercancía', 'Cantidad', 'Peso neto (kg)', 'Peso bruto', 'Ubicación'];
    const bad = csv(header, [
      ['ES-1', 'Bobina', 1, 12000, 12100, 'A bordo'],
      ['ES-2', 'Unobtainium', 1, 12000, 12100, 'A bordo'],
      ['ES-1', 'Bobina', 1, 12000, 12100, 'Almacén'],
    ]);
    await submitImport(dialog, 'Lista de bultos.csv', bad);
    await dialog.getByTestId('import-errors').waitFor({ timeout: 60_000 });
    const rows = await dialog.getByTestId('import-error').evaluateAll((elements) =>
      elements.map((element) => {
        const cells = [...element.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
        const { row, field } = (element as HTMLElement).dataset;
        return { row, field, cells };
      }),
    );
    expect(rows).toEqual([
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
});
