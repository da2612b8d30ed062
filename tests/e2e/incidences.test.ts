// The project's incidence list in real Chromium: an incidence with users interested created offline
// (marked pending), sent when the network returns, and found on the server with everyone interested.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { apiSession, lookupId, pick, waitForServiceWorker, waitForSync } from './projects-support';
import { expectNoRawKeys, openSection, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { PASSWORD, startAppServer } from './support/server';

let server: TestServer;
let browser: Browser;
let projectId = '';
let lucia = '';
let marta = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  lucia = await server.createUser({
    username: 'lucia',
    password: PASSWORD,
    first_name: 'Lucia',
    last_name: 'Gomez',
  });
  const [row] = await server.query(`select id::text from users where username = 'marta'`);
  marta = String(row?.id);
  const api = await apiSession(server);
  const project = await api.post<{ id: string }>('/api/project/', {
    code: 'INC-1',
    name: 'Incidence call',
    status: await lookupId(server, 'project_status', 'In progress'),
  });
  projectId = project.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openIncidences(page: Page) {
  await openSection(page, 'incidences');
  return page.getByTestId('section-incidences');
}

/** A signed-in tablet (its service worker ready, so it works offline) on the project's incidences. */
async function openProjectIncidences() {
  const context = await newContext(browser, server.url, { width: 1280, height: 900 });
  const page = await context.newPage();
  await signIn(page);
  await waitForServiceWorker(page);
  await page.goto(`/project/${projectId}`);
  return { context, page, section: await openIncidences(page) };
}

describe('incidences', () => {
  it('creates an incidence with users interested offline and sends it when online', async () => {
    const { context, page, section } = await openProjectIncidences();
    await section.getByRole('button', { name: 'Add incidence' }).waitFor();
    await context.setOffline(true);

    await section.getByRole('button', { name: 'Add incidence' }).click();
    const dialog = page.getByTestId('incidence-modal');
    await dialog.getByLabel('Description', { exact: true }).fill('Coil dropped on quay');
    await dialog.getByLabel('Causes', { exact: true }).fill('Sling worn');
    await pick(page, dialog, 'Type', 'Provider');
    await pick(page, dialog, 'Detected by', 'Marta Ruiz (marta)');
    await pick(page, dialog, 'Users interested', 'Lucia Gomez (lucia)');
    await pick(page, dialog, 'Users interested', 'Marta Ruiz (marta)');
    expect(await dialog.getByTestId('user-tag').allTextContents()).toEqual([
      'Lucia Gomez (lucia)',
      'Marta Ruiz (marta)',
    ]);
    // Removing a tag takes the person out again.
    await dialog.getByRole('button', { name: 'Remove Marta Ruiz (marta)' }).click();
    await pick(page, dialog, 'Users interested', 'Marta Ruiz (marta)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // A new incidence stays open once saved, with its documents.
    await dialog.getByTestId('documents-upload').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    const row = section.getByTestId('incidence-row').filter({ hasText: 'Coil dropped on quay' });
    await row.waitFor();
    expect(await row.getByTestId('sync-mark').getAttribute('data-state')).toBe('pending');
    expect(await row.textContent()).toContain('Provider');
    expect(await row.textContent()).toContain('Sling worn');
    await expectNoRawKeys(page);

    await context.setOffline(false);
    await waitForSync(page);
    await row.getByTestId('sync-mark').waitFor({ state: 'detached' });
    const [stored] = await server.query(
      `select description, causes, users_interested::text[] as users, detect::text from incidence where project = $1`,
      [projectId],
    );
    expect(stored).toMatchObject({
      description: 'Coil dropped on quay',
      causes: 'Sling worn',
      detect: marta,
    });
    expect(stored?.users).toEqual([lucia, marta]);

    // Filter by a user interested, then edit and delete with confirmation.
    await section.getByRole('button', { name: 'Filters' }).click();
    await pick(page, page.getByTestId('filter-modal'), 'Users interested', 'Lucia Gomez (lucia)');
    await page.getByTestId('filter-modal').getByRole('button', { name: 'Close' }).last().click();
    await section.getByTestId('filter-tags').waitFor();
    expect(await section.getByTestId('incidence-row').count()).toBe(1);
    await row.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Solution', { exact: true }).fill('Sling replaced');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await waitForSync(page);
    const [gone] = await server.query(`select solution, deleted_at from incidence where project = $1`, [
      projectId,
    ]);
    expect(gone?.solution).toBe('Sling replaced');
    expect(gone?.deleted_at).not.toBeNull();
    await context.close();
  });

  it('turns requires_attention on and off from the row icon, offline too', async () => {
    const description = `Hatch cover leaking ${Date.now()}`;
    const api = await apiSession(server);
    const incidence = await api.post<{ id: string }>('/api/incidence/', { project: projectId, description });
    const { context, page, section } = await openProjectIncidences();
    const row = section.getByTestId('incidence-row').filter({ hasText: description });
    const toggle = row.getByTestId('attention-toggle');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');

    await context.setOffline(true);
    await toggle.click();
    await row.locator('[data-testid="attention-toggle"][aria-pressed="true"]').waitFor();
    expect(await row.getByTestId('sync-mark').getAttribute('data-state')).toBe('pending');
    const held = async () =>
      (await server.query('select requires_attention from incidence where id = $1', [incidence.id]))[0]
        ?.requires_attention;
    expect(await held()).toBe(false);

    await context.setOffline(false);
    await waitForSync(page);
    expect(await held()).toBe(true);
    await toggle.click();
    await row.locator('[data-testid="attention-toggle"][aria-pressed="false"]').waitFor();
    await waitForSync(page);
    expect(await held()).toBe(false);
    await context.close();
  });
});
