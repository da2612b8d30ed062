// Kept apart from ./app.ts (which imports vitest) so that the benchmarks can use it too.
import type { Page } from 'playwright-core';

/**
 * Opens a section of a record's page (a project's packing list, events, ...; a hand's tally, details...) as
 * a user does: its tab, or on a phone the section picker.
 */
export async function openSection(page: Page, key: string): Promise<void> {
  const tab = page.getByTestId(`section-tab-${key}`);
  const picker = page.getByTestId('section-picker');
  await tab.or(picker).first().waitFor();
  if (await tab.isVisible()) await tab.click();
  else await picker.selectOption(key);
  await page.getByTestId(`workspace-${key}`).waitFor();
}
