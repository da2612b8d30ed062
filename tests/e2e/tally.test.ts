import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { localRows, pick, typeDate, waitFor, waitForServiceWorker, waitForSync } from './projects-support';
import { expectNoRawKeys, openSection, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { callSetup } from './support/call';
import { startAppServer } from './support/server';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let projectId = '';
let handId = '';
const reference = (n: number) => `CX-${10000 + n}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const call = await callSetup(server);
  projectId = await call.project('TALLY-1', 'Tally call', { init_date: '2026-11-20' });
  await call.coils(
    projectId,
    Array.from({ length: 25 }, (_, index) => ({
      reference: reference(index + 1),
      quantity: '1',
      net_weight: '12000',
      gross_weight: '12100',
    })),
  );
  const shift = await call.event(projectId, 'Working shift', '2026-11-20T08:00:00Z', '2026-11-20T14:00:00Z');
  handId = await call.hand(shift, { description: 'Gang A', crew_count: 8 });
  context = await newContext(browser, server.url, { width: 1280, height: 900 });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

const count = (name: string) => page.getByTestId(`count-${name}`).textContent();
const beeps = () => page.evaluate(() => window.__tallyBeeps ?? 0);

async function type(text: string): Promise<void> {
  const input = page.getByTestId('tally-input');
  await input.fill(text);
  await input.press('Enter');
}

/** Types each reference, then Enter on the empty box: one lift. */
async function lift(...references: string[]): Promise<void> {
  const lifts = Number(await count('lifts'));
  for (const text of references) await type(text);
  await type('');
  await waitFor('the lift counted', async () => Number(await count('lifts')) === lifts + 1);
}

describe('the hand page offline, and the tally', () => {
  it('offline: adds an event and a hand, edits a hand, tallies 20 items in 8 lifts, undoes one; all kept over a reload and sent once back online', async () => {
    await page.goto('/login');
    await signIn(page);
    await waitForServiceWorker(page);
    await page.goto(`/project/${projectId}`);
    await page.getByRole('heading', { level: 1, name: 'Project Tally call' }).waitFor();
    // The project is in progress: its packing list comes to the device.
    await waitFor(
      'the packing list on the device',
      async () => (await localRows(page, 'packing-list')).length === 25,
    );

    await context.setOffline(true);

    await openSection(page, 'events');
    await page.getByRole('button', { name: 'Add event' }).click();
    const eventDialog = page.getByRole('dialog', { name: 'New event' });
    await pick(page, eventDialog, 'Event type', 'Rain');
    await typeDate(eventDialog, 'Initial date', '20/11/2026 10:00');
    await typeDate(eventDialog, 'End date', '20/11/2026 10:45');
    await eventDialog.getByRole('button', { name: 'Save' }).click();
    await eventDialog.waitFor({ state: 'hidden' });
    const rain = page.locator('[data-testid="event-item"][data-kind="stoppage"]');
    await rain.getByTestId('sync-mark').waitFor();

    const shift = page.locator('[data-testid="event-item"][data-kind="working"]');
    await shift.getByText('Working shift', { exact: true }).click();
    await shift.getByRole('button', { name: 'Add hand' }).click();
    const handDialog = page.getByRole('dialog', { name: 'New hand' });
    await handDialog.getByLabel('Description', { exact: true }).fill('Gang B');
    await handDialog.getByLabel('Drivers', { exact: true }).fill('3');
    await handDialog.getByRole('button', { name: 'Save' }).click();
    await waitFor('two hands', async () => (await shift.getByTestId('hand-row').count()) === 2);

    await shift.getByTestId('hand-row').first().getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hand Gang A' }).waitFor();
    // The hand opens on its tally; its details are one tab away.
    await page.getByTestId('tally').waitFor();
    await openSection(page, 'details');
    await page.getByLabel('Crew count', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully updated').first().waitFor();

    await openSection(page, 'tally');
    await page.getByTestId('tally').waitFor();
    await page.getByTestId('hold-3').click();
    await lift('10001', '0002');
    await lift('10003', '10004', '10005');
    // An unknown reference: refused loudly, not counted.
    let before = await beeps();
    await type('ZZ-999');
    await page.getByTestId('tally-alarm').getByText('ZZ-999: NOT on the packing list').waitFor();
    expect(await beeps()).toBe(before + 1);
    await lift('10006');
    // The same item twice in one lift: the second is refused.
    before = await beeps();
    await type('10007');
    await type('10008');
    await type('10007');
    await page.getByTestId('tally-alarm').getByText('CX-10007 is already in this lift').waitFor();
    expect(await beeps()).toBe(before + 1);
    expect(await page.getByTestId('lift-item').count()).toBe(2);
    await lift();
    // Several pasted at once.
    await lift('10009 10010, 10011');
    // Already validated: refused, naming who and when.
    await type('10001');
    await page
      .getByTestId('tally-alarm')
      .getByText(/CX-10001 was ALREADY validated by Marta Ruiz \(marta\)/)
      .waitFor();
    await lift('10012', '10013');
    await lift('10014', '10015', '10016', '10017');
    await lift('10018', '10019', '10020');
    expect([await count('units'), await count('tonnes'), await count('lifts')]).toEqual([
      '20',
      '240.00',
      '8',
    ]);

    await page.getByTestId('undo-lift').click();
    await waitFor('undone', async () => (await count('lifts')) === '7');
    expect([await count('units'), await count('tonnes')]).toEqual(['17', '204.00']);
    await openSection(page, 'validated');
    await page.getByTestId('validated-pager-range').getByText('1 - 10 of 17').waitFor();
    // Numbers through Intl in English: thousands with a comma, weights in kg.
    expect(await page.getByTestId('validated-row').first().textContent()).toContain('12,000 kg');

    // Reload with no network: everything is still there, marked pending (the section shown too).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Hand Gang A' }).waitFor();
    await page.getByTestId('validated-pager-range').getByText('1 - 10 of 17').waitFor();
    expect(await page.getByTestId('validated-row').first().getByTestId('sync-mark').textContent()).toBe(
      'Pending',
    );
    await openSection(page, 'details');
    expect(await page.getByLabel('Crew count', { exact: true }).inputValue()).toBe('12');
    await openSection(page, 'tally');
    await waitFor('counts after reload', async () => (await count('lifts')) === '7');

    await context.setOffline(false);
    await waitForSync(page, 60_000);

    const validated = await server.query(
      `SELECT reference, validation_hold, processed_quantity::text AS processed, validation_hand, lift_id,
              validation_prompter_identifier AS prompter
         FROM packing_list WHERE project = $1 AND validated ORDER BY reference`,
      [projectId],
    );
    expect(validated.map((row) => row.reference)).toEqual(
      Array.from({ length: 17 }, (_, i) => reference(i + 1)),
    );
    expect(new Set(validated.map((row) => row.lift_id)).size).toBe(7);
    const [marta] = await server.query("SELECT id FROM users WHERE username = 'marta'");
    for (const row of validated)
      expect(row).toMatchObject({
        validation_hold: 3,
        processed: '1.000',
        validation_hand: handId,
        prompter: marta.id,
      });
    const undone = await server.query(
      `SELECT reference, validated, processed_quantity::text AS processed, lift_id, validation_hand
         FROM packing_list WHERE project = $1 AND reference IN ('CX-10018', 'CX-10019', 'CX-10020')`,
      [projectId],
    );
    for (const row of undone)
      expect(row).toMatchObject({
        validated: false,
        processed: '0.000',
        lift_id: null,
        validation_hand: null,
      });
    const hands = await server.query(
      'SELECT description, crew_count, drivers FROM hand WHERE project = $1 AND deleted_at IS NULL ORDER BY description',
      [projectId],
    );
    expect(hands).toEqual([
      { description: 'Gang A', crew_count: 12, drivers: null },
      { description: 'Gang B', crew_count: null, drivers: 3 },
    ]);
    const stoppages = await server.query(
      `SELECT pe.init_date, pe.end_date FROM project_event pe JOIN event e ON e.id = pe.event
        WHERE pe.project = $1 AND e.description = 'Rain'`,
      [projectId],
    );
    expect(stoppages).toHaveLength(1);
    await expectNoRawKeys(page);
  });

  it('shows the hand page in Spanish', async () => {
    await page.getByTestId('language-es').click();
    await page.getByRole('heading', { level: 1, name: 'Mano Gang A' }).waitFor();
    // Every section in Spanish, the tally's words too.
    for (const [section, heading] of [
      ['validated', 'Lista de bultos validada'],
      ['events', 'Eventos de la mano'],
      ['incidences', 'Incidencias de la mano'],
    ]) {
      await openSection(page, section);
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    // In Spanish: '12.000 kg' (thousands with a dot), tonnes with 2 decimals after a comma.
    await openSection(page, 'validated');
    expect(await page.getByTestId('validated-row').first().textContent()).toContain('12.000 kg');
    await openSection(page, 'tally');
    await page.getByRole('heading', { name: 'Tarja' }).waitFor();
    await page.getByText('Unidades').waitFor();
    expect(await count('tonnes')).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
    await openSection(page, 'incidences');
    await page.getByRole('button', { name: 'Añadir incidencia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva incidencia de la mano' });
    await dialog.getByLabel('Descripción del problema', { exact: true }).fill('Grúa parada');
    await dialog.getByLabel('Bodega', { exact: true }).fill('3');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByTestId('hand-incidence').getByText('Grúa parada').waitFor();
    await page.getByTestId('hand-incidence').getByRole('button', { name: 'Borrar' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Borrar Grúa parada?' });
    await confirm.getByText('Esta acción NO se puede deshacer').waitFor();
    await confirm.getByRole('button', { name: 'Borrar' }).click();
    await waitFor('incidence deleted', async () => (await page.getByTestId('hand-incidence').count()) === 0);
    await expectNoRawKeys(page);
    await page.getByTestId('language-en').click();
  });
});
