// The packing list's import dialog as a user drives it: open it from the project page, pick a CSV and
// press Import (what happens next, a refusal, a queued file or a done note, is each test's to check).
import type { Locator, Page } from 'playwright-core';

/** Opens the import dialog; `name` is its title in the interface's language. */
export async function openImport(page: Page, name: string): Promise<Locator> {
  await page.getByTestId('packing-import').click();
  return page.getByRole('dialog', { name });
}

/** Picks the CSV in the open dialog and presses Import. */
export async function submitImport(dialog: Locator, name: string, buffer: Buffer): Promise<void> {
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await dialog.getByTestId('import-submit').click();
}

/**
 * In Spanish and offline: imports the CSV (the file is kept on the device), closes the dialog and waits
 * for the project to show the file waiting. The page stays offline.
 */
export async function queueOfflineInSpanish(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.context().setOffline(true);
  const dialog = await openImport(page, 'Importar la lista de bultos');
  await submitImport(dialog, name, buffer);
  await dialog.getByTestId('import-queued').waitFor();
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await page.getByTestId('queued-import').waitFor();
}
