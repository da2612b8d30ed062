// "Add '<typed>'" from a search-select: a staff user on a tablet without a connection makes a project for
// a vessel and a port the lists do not hold yet, each added in a small form from the project's own
// selects (a wrong IMO check digit refused under its field first); back online, the vessel, the port and
// the project reach the server once each, the project naming them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { outboxCount, pick, waitFor, waitForServiceWorker, waitForSync } from './projects-support';
import { expectNoRawKeys, pathOf, signIn } from './support/app';
import { pagePerTest } from './support/rig';

const rig = pagePerTest();

async function addTyped(page: Page, label: string, list: string, typed: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: `Add '${typed}'` }).click();
  const dialog = page.getByRole('dialog', { name: `Add to ${list}` });
  await dialog.waitFor();
  expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe(typed);
  return dialog;
}

describe('adding a vessel and a port from the project form', () => {
  it('works offline, and each arrives on the server once', async () => {
    const { page, context } = rig;
    await page.goto('/login');
    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await waitForServiceWorker(page);
    await page.getByRole('link', { name: 'New project' }).click();
    await page.getByRole('heading', { level: 1, name: 'New project' }).waitFor();
    await context.setOffline(true);

    await page.getByLabel('Name', { exact: true }).fill('Aurora call');
    await pick(page, page, 'Status', 'In progress');
    const vessel = await addTyped(page, 'Vessel', 'Vessels', 'Aurora Borealis');
    await vessel.getByLabel('IMO number', { exact: true }).fill('9074728');
    await vessel.getByRole('button', { name: 'Save' }).click();
    await vessel.getByText(/check digit/i).waitFor();
    await vessel.getByLabel('IMO number', { exact: true }).fill('IMO 9074729');
    await vessel.getByLabel('Call sign', { exact: true }).fill('9ha2477');
    await vessel.getByRole('button', { name: 'Save' }).click();
    await vessel.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Vessel', exact: true }).inputValue(), {
        timeout: 10_000,
      })
      .toBe('Aurora Borealis');

    const port = await addTyped(page, 'Port', 'Ports', 'Puerto Aurora');
    await port.getByLabel('UN/LOCODE', { exact: true }).fill('ESZZA');
    const zone = port.getByRole('combobox', { name: 'Time zone', exact: true });
    await zone.click();
    await zone.fill('Atlantic/Cana');
    await page.getByRole('option', { name: 'Atlantic/Canary' }).click();
    await port.getByRole('button', { name: 'Save' }).click();
    await port.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Port', exact: true }).inputValue(), { timeout: 10_000 })
      .toBe('Puerto Aurora');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Project Aurora call' }).waitFor();
    const projectId = pathOf(page).split('/')[2];
    expect(await outboxCount(page)).toBe(3);
    await expectNoRawKeys(page);

    await context.setOffline(false);
    await waitForSync(page, 60_000);
    const vessels = await rig.server.query(
      "select id, imo, call_sign from vessel where name = 'Aurora Borealis' and deleted_at is null",
    );
    const ports = await rig.server.query(
      "select id, code, time_zone from port where name = 'Puerto Aurora' and deleted_at is null",
    );
    expect(vessels).toEqual([{ id: expect.any(String), imo: '9074729', call_sign: '9HA2477' }]);
    expect(ports).toEqual([{ id: expect.any(String), code: 'ESZZA', time_zone: 'Atlantic/Canary' }]);
    await waitFor('the project on the server', async () => {
      const rows = await rig.server.query('select vessel, port from project where id = $1', [projectId]);
      return rows.length === 1 && rows[0]?.vessel === vessels[0]?.id && rows[0]?.port === ports[0]?.id;
    });
  });
});
