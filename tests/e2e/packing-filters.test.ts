// The packing list's filter modal as a user meets it, in real Chromium: each filter in turn (reference,
// commodity, validated, prompter, hand by its search, location, hold) and together, the rows and the
// 'a - b of total' they leave, the active filters as tags with their values, an empty result that says so,
// reset and close, the filters kept in the address over a reload, and a run in Spanish.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession, localRows, lookupId, pick, typeDate, waitFor } from './projects-support';
import { expectNoRawKeys } from './support/app';
import { openRigProject, projectPerTest } from './support/rig';
import { PASSWORD } from './support/server';

const rig = projectPerTest('PF', 'Packing filters');
const ALL = 14;

/**
 * Fourteen items of two commodities in four locations; five validated by two prompters, two hands (G-203's
 * hand set in the detail modal, which has no date: the tally's is the only one) and two holds.
 */
async function seed() {
  const api = await apiSession(rig.server);
  const suffix = Math.random().toString(36).slice(2, 7);
  const pedro = await rig.server.createUser({
    username: `pedro${suffix}`,
    password: PASSWORD,
    first_name: 'Pedro',
    last_name: 'Gil Núñez',
  });
  const [marta] = await rig.server.query("SELECT id FROM users WHERE username = 'marta'");
  const shift = await api.post<{ id: string }>('/api/project-event/', {
    project: rig.project.id,
    event: await lookupId(rig.server, 'event', 'Working shift'),
    init_date: '2026-11-20T08:00:00Z',
  });
  const hand = async (description: string) =>
    (await api.post<{ id: string }>('/api/hand/', { event: shift.id, description })).id;
  const alpha = await hand('Gang Alpha');
  const bravo = await hand('Gang Bravo');
  const coil = await lookupId(rig.server, 'commodity', 'Coil');
  const granite = await lookupId(rig.server, 'commodity', 'Granite');
  const validated = (by: unknown, validation_hand: string, validation_hold: number, at: string | null) => ({
    validated: true,
    validation_prompter_identifier: by,
    validation_hand,
    validation_hold,
    ...(at ? { validation_datetime: at } : {}),
  });
  const items: [string, string, string, object?][] = [
    ['C-101', coil, 'onboard', validated(marta?.id, alpha, 1, '2026-11-20T09:00:00Z')],
    ['C-102', coil, 'warehouse', validated(pedro, bravo, 2, '2026-11-20T10:00:00Z')],
    ['c-103x', coil, 'onboard'],
    ['G-201', granite, 'onboard', validated(marta?.id, bravo, 1, '2026-11-21T08:00:00Z')],
    ['G-202', granite, 'truck'],
    ['G-203', granite, 'warehouse', validated(pedro, alpha, 2, null)],
    ['X-301', coil, 'fas'],
    ...[1, 2, 3, 4, 5, 6, 7].map((n): [string, string, string] => [`F-0${n}`, coil, 'uncategorized']),
  ];
  for (const [reference, commodity, location, more] of items)
    await api.post('/api/packing-list/', {
      project: rig.project.id,
      reference,
      commodity,
      location,
      quantity: '1',
      ...more,
    });
  return { pedro: `pedro${suffix}` };
}

/** Signed in on the project's page with its items, hands and users on the device. */
async function openProject(): Promise<Page> {
  const page = await openRigProject(rig, { width: 1280, height: 900 });
  await waitFor('the items, hands and users on the device', async () => {
    const mine = (rows: Record<string, unknown>[]) => rows.filter((row) => row.project === rig.project.id);
    return (
      mine(await localRows(page, 'packing-list')).length === ALL &&
      mine(await localRows(page, 'hand')).length === 2 &&
      (await localRows(page, 'users')).length >= 2
    );
  });
  return page;
}

const rowsOf = (page: Page) =>
  page
    .locator('[data-testid="packing-row"]')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.reference ?? '').sort());
const rangeOf = (page: Page) => page.getByTestId('packing-pager-range').textContent();

/** Waits until the table shows exactly `references` (any order) and the pager says `range`. */
async function shows(page: Page, references: string[], range: string) {
  const wanted = [...references].sort().join();
  let seen = '';
  try {
    await waitFor(`rows ${wanted} and '${range}'`, async () => {
      seen = `${(await rowsOf(page)).join()} / ${await rangeOf(page)}`;
      return seen === `${wanted} / ${range}`;
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}; saw ${seen}`);
  }
}

/** Every item again: the first page of ten, the pager saying so, and no tags left. */
async function showsAll(page: Page, of = 'of') {
  await waitFor('every item', async () => (await rangeOf(page)) === `1 - 10 ${of} ${ALL}`);
  expect(await rowsOf(page)).toHaveLength(10);
  expect(await page.getByTestId('filter-tags').count()).toBe(0);
}

const tags = (page: Page) =>
  page.locator('[data-testid^="filter-tag-"]').evaluateAll((found) => found.map((tag) => tag.textContent));

/** Reset: every item again, and every field of the modal empty. */
async function reset(page: Page, dialog: Locator, name = 'Reset') {
  await dialog.getByRole('button', { name, exact: true }).click();
  await showsAll(page, name === 'Reset' ? 'of' : 'de');
  const fields = dialog.locator('input:not([type="hidden"])');
  let seen: string[] = [];
  try {
    await waitFor('every field empty', async () => {
      seen = await fields.evaluateAll((inputs) =>
        (inputs as HTMLInputElement[]).map((input) =>
          input.type === 'checkbox' ? String(input.checked) : input.value,
        ),
      );
      return seen.length === 9 && seen.every((value) => value === '' || value === 'false');
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}; saw ${JSON.stringify(seen)}`);
  }
}

/** Picks an option of a select that is not searchable. */
async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await listClosed(page);
}

/** Waits for an option list to finish closing (while it fades it still covers the fields below). */
const listClosed = (page: Page) =>
  waitFor('the option list to close', async () => (await page.getByRole('listbox').count()) === 0);

/** `pick` (type part of the option, pick it) in a search-select, then the list closed. */
async function search(page: Page, dialog: Locator, label: string, option: string) {
  await pick(page, dialog, label, option);
  await listClosed(page);
}

/** Lower case without accents, as the search reads names. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** A hand or a prompter as a user finds them: typing part of the name in the search, then picking it. */
async function pickFound(page: Page, dialog: Locator, label: string, typed: string, option: string) {
  const input = dialog.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(typed);
  // Offered: the one looked for, and only names with what was typed in them.
  await waitFor(`${option} offered`, async () => {
    const offered = await page.getByRole('option').allTextContents();
    return offered.includes(option) && offered.every((name) => plain(name).includes(plain(typed)));
  });
  await page.getByRole('option', { name: option, exact: true }).click();
  await listClosed(page);
}

describe('the packing list filter modal', () => {
  it('filters by each field in turn and together, shows the filters as tags, says when nothing matches', async () => {
    const { pedro } = await seed();
    const page = await openProject();
    await showsAll(page);
    await page.getByTestId('packing-filter').click();
    const dialog = page.getByRole('dialog', { name: 'Filter packing list' });

    // Reference: a part of it, any case.
    await dialog.getByLabel('Reference', { exact: true }).fill('c-10');
    await shows(page, ['C-101', 'C-102', 'c-103x'], '1 - 3 of 3');
    expect(await tags(page)).toEqual(['Reference: c-10']);
    await reset(page, dialog);
    expect(await dialog.getByLabel('Reference', { exact: true }).inputValue()).toBe('');

    await search(page, dialog, 'Commodity', 'Granite');
    await shows(page, ['G-201', 'G-202', 'G-203'], '1 - 3 of 3');
    expect(await tags(page)).toEqual(['Commodity: Granite']);
    await reset(page, dialog);

    await dialog.getByLabel('Validated', { exact: true }).check();
    await shows(page, ['C-101', 'C-102', 'G-201', 'G-203'], '1 - 4 of 4');
    expect(await tags(page)).toEqual(['Validated']);
    await reset(page, dialog);
    expect(await dialog.getByLabel('Validated', { exact: true }).isChecked()).toBe(false);

    // The prompter by the surname shown (the username starts otherwise), typed without its accents.
    await pickFound(page, dialog, 'Validated by (prompter)', 'nunez', `Pedro Gil Núñez (${pedro})`);
    await shows(page, ['C-102', 'G-203'], '1 - 2 of 2');
    expect(await tags(page)).toEqual([`Prompter: Pedro Gil Núñez (${pedro})`]);
    await reset(page, dialog);

    // The hand: typed in its search, picked; G-203 has the hand but no validation date.
    await pickFound(page, dialog, 'Validation hand', 'alp', 'Gang Alpha');
    await shows(page, ['C-101', 'G-203'], '1 - 2 of 2');
    expect(await tags(page)).toEqual(['Hand: Gang Alpha']);
    await reset(page, dialog);
    await pickFound(page, dialog, 'Validation hand', 'BRA', 'Gang Bravo');
    await shows(page, ['C-102', 'G-201'], '1 - 2 of 2');
    await reset(page, dialog);

    await choose(page, dialog, 'Location', 'Onboard');
    await shows(page, ['C-101', 'c-103x', 'G-201'], '1 - 3 of 3');
    expect(await tags(page)).toEqual(['Location: Onboard']);
    await reset(page, dialog);

    await dialog.getByLabel('Validation hold', { exact: true }).fill('2');
    await shows(page, ['C-102', 'G-203'], '1 - 2 of 2');
    expect(await tags(page)).toEqual(['Hold: 2']);
    await reset(page, dialog);

    // Together: each narrows what the others left.
    await search(page, dialog, 'Commodity', 'Coil');
    const fill = [1, 2, 3, 4, 5, 6, 7].map((n) => `F-0${n}`);
    await shows(page, ['C-101', 'c-103x', 'X-301', ...fill], '1 - 10 of 11');
    // Paged within the filter (the commodity's index: by location, then reference).
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByTestId('packing-pager').getByRole('button', { name: 'Next page' }).click();
    await shows(page, ['C-102'], '11 - 11 of 11');
    await page.getByTestId('packing-filter').click();
    await choose(page, dialog, 'Location', 'Onboard');
    await shows(page, ['C-101', 'c-103x'], '1 - 2 of 2');
    await dialog.getByLabel('Validated', { exact: true }).check();
    await shows(page, ['C-101'], '1 - 1 of 1');
    expect(await tags(page)).toEqual(['Commodity: Coil', 'Validated', 'Location: Onboard']);
    await dialog.getByLabel('Validation hold', { exact: true }).fill('2');
    // Nothing left: the table says so, in words.
    await waitFor('no rows', async () => (await rowsOf(page)).length === 0);
    expect(await page.getByTestId('packing-table').textContent()).toContain('No items match the filters.');
    expect(await rangeOf(page)).toBe('0 - 0 of 0');
    await reset(page, dialog);

    // Close keeps what was chosen; a tag's cross removes its filter alone.
    await search(page, dialog, 'Commodity', 'Granite');
    await choose(page, dialog, 'Location', 'Warehouse');
    await shows(page, ['G-203'], '1 - 1 of 1');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await shows(page, ['G-203'], '1 - 1 of 1');
    await page.getByRole('button', { name: 'Remove filter Location: Warehouse' }).click();
    await shows(page, ['G-201', 'G-202', 'G-203'], '1 - 3 of 3');
    expect(await tags(page)).toEqual(['Commodity: Granite']);
    await expectNoRawKeys(page);
  });

  it('keeps the filters and the page in the address: a reload shows the same rows, tags and fields', async () => {
    await seed();
    const page = await openProject();
    await page.getByTestId('packing-filter').click();
    const dialog = page.getByRole('dialog', { name: 'Filter packing list' });
    await search(page, dialog, 'Commodity', 'Coil');
    await dialog.getByLabel('Reference', { exact: true }).fill('C-10');
    await shows(page, ['C-101', 'C-102', 'c-103x'], '1 - 3 of 3');
    await pickFound(page, dialog, 'Validation hand', 'brav', 'Gang Bravo');
    await shows(page, ['C-102'], '1 - 1 of 1');
    await page.reload();
    await shows(page, ['C-102'], '1 - 1 of 1');
    expect(await tags(page)).toEqual(['Reference: C-10', 'Commodity: Coil', 'Hand: Gang Bravo']);
    await page.getByTestId('packing-filter').click();
    expect(await dialog.getByLabel('Reference', { exact: true }).inputValue()).toBe('C-10');
    const field = (name: string) => dialog.getByRole('combobox', { name, exact: true });
    // Named once the device's lists are read.
    await waitFor('the commodity named', async () => (await field('Commodity').inputValue()) === 'Coil');
    await waitFor(
      'the hand named',
      async () => (await field('Validation hand').inputValue()) === 'Gang Bravo',
    );
    // Away and back (the browser's back arrow) shows them again.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.goto('/projects');
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await page.goBack();
    await shows(page, ['C-102'], '1 - 1 of 1');
    expect(await tags(page)).toEqual(['Reference: C-10', 'Commodity: Coil', 'Hand: Gang Bravo']);
    await page.getByTestId('packing-filter').click();
    await reset(page, dialog);
    // The second page, too.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByTestId('packing-pager').getByRole('button', { name: 'Next page' }).click();
    await waitFor('the second page', async () => (await rangeOf(page)) === `11 - ${ALL} of ${ALL}`);
    await page.reload();
    await waitFor('the second page again', async () => (await rangeOf(page)) === `11 - ${ALL} of ${ALL}`);
    expect(await rowsOf(page)).toHaveLength(ALL - 10);
    // A page past the end (an old address, items gone since) gives way to the last one.
    await page.goto(`/project/${rig.project.id}?pl_page=9`);
    await waitFor('the last page', async () => (await rangeOf(page)) === `11 - ${ALL} of ${ALL}`);
    expect(new URL(page.url()).searchParams.get('pl_page')).toBe('2');
  });

  it('in Spanish: the hand searched, location, date and hold, their tags, an empty result, reset and close', async () => {
    await seed();
    const page = await openProject();
    await page.getByTestId('language-es').click();
    await page.getByTestId('packing-filter').click();
    const dialog = page.getByRole('dialog', { name: 'Filtrar la lista de bultos' });
    await pickFound(page, dialog, 'Mano de validación', 'bravo', 'Gang Bravo');
    await shows(page, ['C-102', 'G-201'], '1 - 2 de 2');
    await choose(page, dialog, 'Ubicación', 'A bordo');
    await shows(page, ['G-201'], '1 - 1 de 1');
    expect(await tags(page)).toEqual(['Mano: Gang Bravo', 'Ubicación: A bordo']);
    await choose(page, dialog, 'Ubicación', 'Almacén');
    await shows(page, ['C-102'], '1 - 1 de 1');
    // The date range with the hand: C-102 was validated on the 20th (whatever the time zone).
    await typeDate(dialog, 'Validado después de', '21/11/2026 00:00');
    await waitFor('no rows', async () => (await rowsOf(page)).length === 0);
    await typeDate(dialog, 'Validado después de', '19/11/2026 00:00');
    await shows(page, ['C-102'], '1 - 1 de 1');
    expect(await tags(page)).toEqual([
      'Mano: Gang Bravo',
      'Ubicación: Almacén',
      'Validado después de: 19/11/2026 00:00',
    ]);
    await dialog.getByLabel('Bodega de validación', { exact: true }).fill('1');
    await waitFor('no rows', async () => (await rowsOf(page)).length === 0);
    expect(await page.getByTestId('packing-table').textContent()).toContain(
      'Ningún elemento coincide con los filtros.',
    );
    await reset(page, dialog, 'Restablecer');
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await showsAll(page, 'de');
    await expectNoRawKeys(page);
  });
});
