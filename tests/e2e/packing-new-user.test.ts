// The packing list's filter modal and the loose counter as a new user meets them, in real Chromium: the
// validated date-time range typed as dd/MM/yyyy HH:mm with the calendar in Spanish, reset and close (also
// a reference reset before it applied, and one removed by its tag); the
// loose counter's 5-a-page list after deleting the only entry of its last page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession, localRows, lookupId, typeDate, waitFor } from './projects-support';
import { expectNoRawKeys } from './support/app';
import { openRigProject, projectPerTest } from './support/rig';

const rig = projectPerTest('NP', 'Packing user');

async function openProject(
  resource: string,
  count: number,
  viewport = { width: 1024, height: 768 },
): Promise<Page> {
  const page = await openRigProject(rig, viewport);
  await waitFor(`the ${resource} on the device`, async () => {
    const rows = await localRows(page, resource);
    return rows.filter((row) => row.project === rig.project.id).length === count;
  });
  return page;
}

const references = (page: Page) =>
  page
    .locator('[data-testid="packing-row"]')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.reference).sort());

describe('a new user with the packing list', () => {
  it('filters by the validated date-time range in Spanish (dd/MM/yyyy HH:mm), then resets and closes', async () => {
    const api = await apiSession(rig.server);
    const coil = await lookupId(rig.server, 'commodity', 'Coil');
    for (const [reference, at] of [
      ['V-EARLY', '2026-11-10T08:00:00Z'],
      ['V-MID', '2026-11-21T10:30:00Z'],
      ['V-LATE', '2026-11-28T18:00:00Z'],
      ['NOT-VAL', null],
    ] as const)
      await api.post('/api/packing-list/', {
        project: rig.project.id,
        reference,
        commodity: coil,
        quantity: '1',
        ...(at ? { validated: true, validation_datetime: at } : {}),
      });
    const page = await openProject('packing-list', 4);
    await page.getByTestId('language-es').click();
    await waitFor('four rows', async () => (await references(page)).length === 4);
    await page.getByTestId('packing-filter').click();
    const dialog = page.getByRole('dialog', { name: 'Filtrar la lista de bultos' });
    await typeDate(dialog, 'Validado después de', '15/11/2026 00:00');
    await typeDate(dialog, 'Validado antes de', '25/11/2026 23:59');
    await waitFor('only the item validated between', async () => {
      const shown = await references(page);
      return shown.length === 1 && shown[0] === 'V-MID';
    });
    const after = dialog.getByLabel('Validado después de', { exact: true });
    expect(await after.inputValue()).toBe('15/11/2026 00:00');
    expect(await dialog.getByLabel('Validado antes de', { exact: true }).inputValue()).toBe(
      '25/11/2026 23:59',
    );
    // The calendar opens on the chosen month, named in Spanish.
    await after.click();
    const header = page.locator('[class*="calendarHeaderLevel"]');
    await header.first().waitFor();
    expect((await header.first().textContent())?.toLowerCase()).toBe('noviembre 2026');
    // Leaving the field closes its calendar.
    await after.press('Tab');
    await header.first().waitFor({ state: 'detached' });

    await dialog.getByRole('button', { name: 'Restablecer' }).click();
    await waitFor('every item again', async () => (await references(page)).length === 4);
    expect(await after.inputValue()).toBe('');
    expect(await dialog.getByLabel('Validado antes de', { exact: true }).inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    expect(await references(page)).toEqual(['NOT-VAL', 'V-EARLY', 'V-LATE', 'V-MID']);

    // A reference typed and reset at once (before its 300 ms) stays reset.
    await page.getByTestId('packing-filter').click();
    const reference = dialog.getByLabel('Referencia', { exact: true });
    await reference.fill('V-EA');
    await dialog.getByRole('button', { name: 'Restablecer' }).click();
    await page.waitForTimeout(1000);
    expect(await reference.inputValue()).toBe('');
    expect(await references(page)).toHaveLength(4);
    // A reference removed by its tag is gone from the modal too.
    await reference.fill('V-LA');
    await waitFor('only V-LATE', async () => (await references(page)).join() === 'V-LATE');
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Quitar el filtro Referencia' }).click();
    await waitFor('every item after the tag', async () => (await references(page)).length === 4);
    await page.getByTestId('packing-filter').click();
    await reference.waitFor();
    expect(await reference.inputValue()).toBe('');
    await expectNoRawKeys(page);
  });

  it('on a 768 px tablet, the label colours of an aluminium item open with a tap on their box', async () => {
    const api = await apiSession(rig.server);
    await api.post('/api/packing-list/', {
      project: rig.project.id,
      reference: 'ALU-T',
      commodity: await lookupId(rig.server, 'commodity', 'Aluminium'),
      quantity: '1',
    });
    const page = await openProject('packing-list', 1, { width: 768, height: 1024 });
    await page.locator('[data-testid="packing-row"][data-reference="ALU-T"]').click();
    const dialog = page.getByRole('dialog', { name: 'Item ALU-T' });
    await dialog.getByTestId('label-color-select').waitFor();
    // Where a finger lands: the middle of the field's visible box (a normal click, which checks what is hit).
    await dialog.locator('.mantine-MultiSelect-input').click();
    await page.getByRole('option', { name: /^Gold/ }).click();
    await page.keyboard.press('Escape');
    await dialog.getByTestId('packing-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await waitFor('the colour on the server', async () => {
      const rows = await rig.server.query(
        'select label_color from packing_list where project = $1 and reference = $2',
        [rig.project.id, 'ALU-T'],
      );
      return JSON.stringify(rows[0]?.label_color) === '["gold"]';
    });
  });

  it('loose counter: deleting the only entry of the last page shows the page before with its 5', async () => {
    const api = await apiSession(rig.server);
    for (let i = 1; i <= 6; i++)
      await api.post('/api/remaining-parts/', {
        project: rig.project.id,
        label_color: i % 2 ? ['red'] : ['blue', 'green'],
        quantity: `${i}.5`,
      });
    const page = await openProject('remaining-parts', 6);
    await page.getByTestId('loose-open').click();
    const modal = page.getByRole('dialog', { name: 'Aluminium loose counter' });
    const rows = modal.getByTestId('loose-row');
    await waitFor('the first page', async () => (await rows.count()) === 5);
    expect(await modal.getByTestId('loose-pager-range').textContent()).toBe('1 - 5 of 6');
    await modal.getByRole('button', { name: 'Next page' }).click();
    await waitFor('the second page', async () => (await rows.count()) === 1);
    await rows.first().getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete').getByRole('button', { name: 'Delete' }).click();
    await waitFor('back on the first page', async () => (await rows.count()) === 5);
    expect(await modal.getByTestId('loose-pager-range').textContent()).toBe('1 - 5 of 5');
    expect(await modal.getByText('No remaining parts.').count()).toBe(0);
    await expectNoRawKeys(page);
  });
});
