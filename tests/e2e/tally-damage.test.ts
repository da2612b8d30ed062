// Damage found during the tally, offline: the prompter records it on the coil in the lift (kinds, a
// description, a photo from the camera), validates the lift, and once online the server holds the damage,
// the item marked as requiring attention, and the photo as the item's attachment.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { jpeg } from '../fixtures/files';
import { localRows, waitFor, waitForServiceWorker } from './projects-support';
import { expectNoRawKeys, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { callSetup } from './support/call';
import { startAppServer } from './support/server';
import { waitForAllSent } from './support/sync';

let server: TestServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

describe('damage during the tally', () => {
  it('records damage with a photo on an item of the lift, offline, and sends both', async () => {
    const call = await callSetup(server);
    const run = Date.now().toString(36).toUpperCase();
    const projectId = await call.project(`DMG-${run}`, `Damage call ${run}`);
    const references = [`${run}-5101`, `${run}-5102`];
    const items = await call.coils(
      projectId,
      references.map((reference) => ({ reference, quantity: '1', net_weight: '14000' })),
    );
    const shift = await call.event(projectId, 'Working shift', '2026-11-21T08:00:00Z');
    const handId = await call.hand(shift, { description: 'Gang D' });

    context = await newContext(browser, server.url, { width: 1280, height: 900 });
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page);
    await waitForServiceWorker(page);
    await waitFor(
      'the packing list on the device',
      async () => (await localRows(page, 'packing-list', 'project', projectId)).length === 2,
    );
    await page.goto(`/project/${projectId}/hand/${handId}`);
    await page.getByRole('heading', { level: 1, name: 'Hand Gang D' }).waitFor();
    // The hand opens on its tally.
    await page.getByTestId('tally').waitFor();
    await page.getByTestId('hold-4').click();
    await context.setOffline(true);

    const input = page.getByTestId('tally-input');
    for (const reference of references) {
      await input.fill(reference.slice(-4));
      await input.press('Enter');
    }
    await waitFor('two items in the lift', async () => (await page.getByTestId('lift-item').count()) === 2);
    await page.getByRole('button', { name: `Record damage of ${references[0]}` }).click();
    const dialog = page.getByRole('dialog', { name: `Damage of ${references[0]}` });
    // Nothing recorded yet: the save says what is missing and writes nothing.
    await dialog.getByTestId('damage-save').click();
    await dialog.getByTestId('damage-missing').waitFor();
    await dialog.getByRole('checkbox', { name: 'Wrapping' }).check();
    await dialog.getByLabel('Other damage', { exact: true }).fill('Dent on the outer turn');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'dent.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpeg(1200, 900),
    });
    await dialog.getByTestId('damage-photo-count').getByText('1 photo').waitFor();
    await expectNoRawKeys(page);
    await dialog.getByTestId('damage-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await input.press('Enter');
    await page.getByTestId('count-lifts').getByText('1', { exact: true }).waitFor();

    const [local] = await localRows(page, 'packing-list', 'id', items[0]);
    expect(local).toMatchObject({
      validated: true,
      validation_hold: 4,
      requires_attention: true,
      damage: ['wrapping'],
      other_damage: 'Dent on the outer turn',
    });
    const files = await page.evaluate(() => window.__karbontrack?.files());
    const photo = files?.find((file) => file.parent_id === items[0]);
    expect(photo).toMatchObject({ parent_resource: 'packing-list', is_image: true, state: 'pending' });

    await context.setOffline(false);
    await waitForAllSent(page, 60_000);
    const [stored] = await server.query(
      `SELECT validated, validation_hold, requires_attention, damage, other_damage FROM packing_list WHERE id = $1`,
      [items[0]],
    );
    expect(stored).toMatchObject({
      validated: true,
      validation_hold: 4,
      requires_attention: true,
      damage: ['wrapping'],
      other_damage: 'Dent on the outer turn',
    });
    const attachments = await server.query(
      `SELECT is_image, content_type, project::text FROM attachment
        WHERE parent_resource = 'packing-list' AND parent_id = $1 AND deleted_at IS NULL`,
      [items[0]],
    );
    expect(attachments).toEqual([{ is_image: true, content_type: 'image/jpeg', project: projectId }]);
    // The other item of the lift is validated, with no damage.
    const [other] = await server.query(
      'SELECT validated, requires_attention, damage FROM packing_list WHERE id = $1',
      [items[1]],
    );
    expect(other).toMatchObject({ validated: true, requires_attention: false, damage: [] });
  });
});
