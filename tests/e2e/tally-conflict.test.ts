// Two prompters, two tablets, one project: the item one validated offline was validated meanwhile on
// the other tablet. Back online, the server keeps the first validation (counted once) and the second
// tablet shows the refused lift in "Needs attention" with the server's words: who and when.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { localRows, waitFor, waitForServiceWorker, waitForSync } from './projects-support';
import { expectNoRawKeys, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { callSetup } from './support/call';
import { PASSWORD, startAppServer } from './support/server';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  await server.createUser({ username: 'lucia', password: PASSWORD, first_name: 'Lucia', last_name: 'Gomez' });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/** A project in progress with three coils and one hand; references unique per run (the test may retry). */
async function tallyCall() {
  const call = await callSetup(server);
  const run = Date.now().toString(36).toUpperCase();
  const projectId = await call.project(`TC-${run}`, `Conflict call ${run}`);
  const references = [1, 2, 3].map((n) => `${run}-${7000 + n}`);
  await call.coils(
    projectId,
    references.map((reference) => ({ reference, quantity: '1', net_weight: '15000' })),
  );
  const shift = await call.event(projectId, 'Working shift', '2026-11-21T08:00:00Z');
  return { projectId, handId: await call.hand(shift, { description: 'Gang C' }), references };
}

/** A tablet signed in as `username`, on the hand's tally with the project's packing list on the device. */
async function tablet(username: string, call: Awaited<ReturnType<typeof tallyCall>>, hold: number) {
  const context = await newContext(browser, server.url, { width: 1280, height: 900 });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, username);
  await waitForServiceWorker(page);
  await waitFor(
    `${username}'s packing list`,
    async () => (await localRows(page, 'packing-list', 'project', call.projectId)).length === 3,
  );
  await page.goto(`/project/${call.projectId}/hand/${call.handId}`);
  await page.getByRole('heading', { level: 1, name: 'Hand Gang C' }).waitFor();
  // The hand opens on its tally.
  await page.getByTestId('tally').waitFor();
  await page.getByTestId(`hold-${hold}`).click();
  return { context, page };
}

/** One lift of one item, typed by its ending. */
async function validate(page: Page, ending: string) {
  const input = page.getByTestId('tally-input');
  await input.fill(ending);
  await input.press('Enter');
  await page.getByTestId('lift-item').first().waitFor();
  await input.press('Enter');
  await page.getByTestId('count-lifts').getByText('1', { exact: true }).waitFor();
}

describe('the tally on two tablets', () => {
  it("puts a second prompter's validation of the same item in Needs attention with who and when", async () => {
    const call = await tallyCall();
    const [target] = call.references;
    const north = await tablet('marta', call, 1);
    const south = await tablet('lucia', call, 2);

    await south.context.setOffline(true);
    await validate(south.page, target.slice(-4));
    await validate(north.page, target.slice(-4));
    await waitForSync(north.page);
    const [marta] = await server.query("SELECT id FROM users WHERE username = 'marta'");
    const held = () =>
      server.query(
        `SELECT validation_prompter_identifier AS prompter, validation_hold AS hold,
                processed_quantity::text AS processed,
                to_char(validation_datetime AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS at
           FROM packing_list WHERE reference = $1`,
        [target],
      );
    const [first] = await held();
    expect(first).toMatchObject({ prompter: marta.id, hold: 1, processed: '1.000' });

    await south.context.setOffline(false);
    await waitFor(
      'the refused validation',
      async () =>
        (await south.page.evaluate(() => window.__karbontrack?.status().needs_attention ?? 0)) === 1,
      60_000,
    );
    const bar = south.page.getByTestId('sync-status');
    expect(await bar.getAttribute('data-attention')).toBe('1');
    await bar.click();
    const item = south.page.getByTestId('attention-item');
    await item.waitFor();
    expect(await item.count()).toBe(1);
    const words = (await item.getByTestId('server-words').textContent()) ?? '';
    // When: the time of the first validation, as the server holds it, in the tablet's local time as the
    // card's other times (dd/MM/yyyy HH:mm), not as an instant in UTC.
    const local = await south.page.evaluate((at) => {
      const when = new Date(`${at}Z`);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${two(when.getDate())}/${two(when.getMonth() + 1)}/${when.getFullYear()} ${two(when.getHours())}:${two(when.getMinutes())}`;
    }, String(first?.at));
    expect(words).toContain(`Already validated by marta at ${local}.`);
    expect(words).not.toContain(String(first?.at));
    await expectNoRawKeys(south.page);
    // In Spanish now: the same conflict in Spanish, worded on the device from the key the push answered
    // beside its English text.
    await south.page.evaluate(() => localStorage.setItem('language', 'es'));
    await south.page.reload();
    await south.page.getByTestId('sync-status').click();
    await south.page.getByTestId('attention-item').waitFor();
    const spanish = (await south.page.getByTestId('server-words').textContent()) ?? '';
    expect(spanish).toContain('Conflicto: Ya validado por marta el');
    expect(spanish).not.toContain('Already');

    // The server still holds the first validation only: counted once, in marta's hold.
    expect(await held()).toEqual([first]);
  });
});
