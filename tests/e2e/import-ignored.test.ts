// In real Chromium: a packing list imported with columns the server did not read says so after the
// import, with the names a vague weight column would be read as: online in English (the dialog stays
// open with it), and offline in Spanish (the queued file, sent when back online, leaves the same note in
// the project until dismissed).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { csv } from '../fixtures/packing';
import { expectNoRawKeys } from './support/app';
import { openImport, queueOfflineInSpanish, submitImport } from './support/packing-import';
import { openRigProject, projectPerTest } from './support/rig';

const rig = projectPerTest('IGN', 'Unread columns');

const row = (page: Page, reference: string) =>
  page.locator(`[data-testid="packing-row"][data-reference="${reference}"]`);

describe('columns an import did not read', () => {
  it('online: the dialog says which columns were not imported and how to name the weight', async () => {
    const page = await openRigProject(rig);
    const dialog = await openImport(page, 'Import packing list');
    const file = csv(
      ['Reference', 'Commodity', 'Weight (kg)', 'Notes'],
      [['UN-1', 'Coil', 18000, 'scratched']],
    );
    await submitImport(dialog, 'unread.csv', file);
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
    const page = await openRigProject(rig);
    const context = page.context();
    await page.getByTestId('language-es').click();
    const file = csv(['Referencia', 'Mercancía', 'Peso'], [['UN-2', 'Bobina', 12000]]);
    await queueOfflineInSpanish(page, 'sin conexión.csv', file);
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
    const stored = await rig.server.query(
      'select net_weight, gross_weight from packing_list where project = $1',
      [rig.project.id],
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
