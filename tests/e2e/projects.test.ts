import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { apiSession, localRows, lookupId, pick, typeDate, waitFor, waitForSync } from './projects-support';
import { expectNoRawKeys, navigate, openSection, pathOf, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { PASSWORD, startAppServer } from './support/server';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let projectId = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  await server.createUser({
    username: 'ana',
    password: PASSWORD,
    first_name: 'Ana',
    last_name: 'Vidal',
    role: 'admin',
  });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function openPage(username = 'marta'): Promise<Page> {
  const context = await newContext(browser, server.url, { width: 1280, height: 900 });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, username);
  return page;
}

const range = (page: Page) => page.getByTestId('pager-range');

describe('projects and the project page', () => {
  it('creates a project online, fills its events and two hands, and finds them after a reload and on the server', async () => {
    const page = await openPage();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await page.getByRole('link', { name: 'New project' }).click();
    await page.getByRole('heading', { level: 1, name: 'New project' }).waitFor();

    await page.getByLabel('Code', { exact: true }).fill('KT-001');
    await page.getByLabel('Name', { exact: true }).fill('Nordic Steel coils');
    await pick(page, page, 'Status', 'In progress');
    await pick(page, page, 'Vessel', 'Nordic Steel');
    await pick(page, page, 'Port', 'Valencia');
    await typeDate(page, 'Initial date', '20/11/2026');
    // Groups other than the call and the vessel and port open on demand.
    await page.getByRole('button', { name: 'Operations' }).click();
    await page.getByLabel('Number of gangs', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Project Nordic Steel coils' }).waitFor();
    await page.getByText('Successfully updated').first().waitFor();
    projectId = pathOf(page).split('/')[2];
    expect(projectId).toMatch(/^[0-9a-f-]{36}$/);
    // Saved, the general data shows in short above the sections.
    expect(await page.getByTestId('project-summary').textContent()).toContain('KT-001');

    // A Working shift event, then two hands under it.
    await openSection(page, 'events');
    await page.getByRole('button', { name: 'Add event' }).click();
    const eventDialog = page.getByRole('dialog', { name: 'New event' });
    await pick(page, eventDialog, 'Event type', 'Working shift');
    await eventDialog.getByLabel('Number of gangs', { exact: true }).fill('2');
    await typeDate(eventDialog, 'Initial date', '20/11/2026 08:00');
    await typeDate(eventDialog, 'End date', '20/11/2026 14:00');
    await eventDialog.getByLabel('Notes', { exact: true }).fill('Holds 2 and 3');
    await eventDialog.getByRole('button', { name: 'Save' }).click();
    await eventDialog.waitFor({ state: 'hidden' });
    const event = page.getByTestId('event-item').first();
    await event.getByText('Working shift', { exact: true }).click();
    await event.getByText('Holds 2 and 3').waitFor();
    for (const [description, gang] of [
      ['Gang 1', '1'],
      ['Gang 2', '2'],
    ]) {
      await event.getByRole('button', { name: 'Add hand' }).click();
      const handDialog = page.getByRole('dialog', { name: 'New hand' });
      await handDialog.getByLabel('Description', { exact: true }).fill(description);
      await handDialog.getByLabel('Gang number', { exact: true }).fill(gang);
      await handDialog.getByLabel('Crew count', { exact: true }).fill('9');
      await handDialog.getByLabel('Foreman', { exact: true }).fill('Paco');
      await handDialog.getByRole('button', { name: 'Save' }).click();
      await handDialog.waitFor({ state: 'hidden' });
    }
    await waitFor('two hands', async () => (await event.getByTestId('hand-row').count()) === 2);

    await waitForSync(page);
    // The reload keeps the section, and the general data is one tap away.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Project Nordic Steel coils' }).waitFor();
    const reloaded = page.getByTestId('event-item').first();
    await reloaded.getByText('Working shift', { exact: true }).click();
    await waitFor('hands after reload', async () => (await reloaded.getByTestId('hand-row').count()) === 2);
    expect(await reloaded.getByTestId('sync-mark').count()).toBe(0);
    await page.getByRole('link', { name: 'Edit general data' }).click();
    expect(await page.getByLabel('Code', { exact: true }).inputValue()).toBe('KT-001');

    const [project] = await server.query(
      'SELECT code, name, number_gangs, init_date FROM project WHERE id = $1',
      [projectId],
    );
    expect(project).toMatchObject({ code: 'KT-001', name: 'Nordic Steel coils', number_gangs: 2 });
    const hands = await server.query(
      'SELECT description, gang_no, crew_count FROM hand WHERE project = $1 AND deleted_at IS NULL ORDER BY gang_no',
      [projectId],
    );
    expect(hands).toEqual([
      { description: 'Gang 1', gang_no: 1, crew_count: 9 },
      { description: 'Gang 2', gang_no: 2, crew_count: 9 },
    ]);
    const events = await server.query('SELECT notes, number_gangs FROM project_event WHERE project = $1', [
      projectId,
    ]);
    expect(events).toEqual([{ notes: 'Holds 2 and 3', number_gangs: 2 }]);
    await expectNoRawKeys(page);
  });

  it('a failed save keeps what was typed and shows the error under the field', async () => {
    const page = await openPage();
    await page.goto('/project');
    await page.getByRole('heading', { level: 1, name: 'New project' }).waitFor();
    await page.getByLabel('Code', { exact: true }).fill('KT-NO-NAME');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/blank|required/i)
      .first()
      .waitFor();
    expect(await page.getByLabel('Code', { exact: true }).inputValue()).toBe('KT-NO-NAME');
    expect(pathOf(page)).toBe('/project');
  });

  it('filters and pages the list, and the address restores them on return', async () => {
    const session = await apiSession(server);
    const planned = await lookupId(server, 'project_status', 'Planned');
    const valencia = await lookupId(server, 'port', 'Valencia');
    const discharge = await lookupId(server, 'project_activity', 'Discharge');
    // A retry of this test finds its projects already made on the same server.
    const seeded = (await server.query(`SELECT 1 FROM project WHERE code = 'F-01'`)).length > 0;
    for (let i = 1; i <= 23 && !seeded; i++) {
      await session.post('/api/project/', {
        code: `F-${String(i).padStart(2, '0')}`,
        name: `${i % 2 ? 'Alpha' : 'Beta'} ${i}`,
        init_date: `2026-10-${String(i).padStart(2, '0')}`,
        status: planned,
        port: i <= 5 ? valencia : null,
        activity: discharge,
      });
    }
    const page = await openPage();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await waitFor('24 projects', async () => (await range(page).textContent()) === '1 - 10 of 24');
    expect(await page.getByTestId('project-row').first().getAttribute('data-code')).toBe('KT-001');
    // A row's actions say their words where the table has room for them beside its columns (a wide desk);
    // where only icons fit, each icon is named, for screen readers and as the pointer's tooltip. The list
    // never scrolls sideways.
    const edit = page.getByTestId('project-row').first().getByRole('link', { name: 'Edit', exact: true });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await waitFor('worded actions', async () => (await edit.textContent())?.trim() === 'Edit');
    expect(await page.locator('main table').count()).toBe(1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await waitFor('the table at 1280 px', async () => (await page.locator('main table').count()) === 1);
    const shown = (await edit.textContent())?.trim() || (await edit.getAttribute('title'));
    expect(shown).toBe('Edit');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    // As cards (a phone), a project in progress says why its offline switch is locked beside the switch,
    // never under it: the switch keeps its width in the card's narrow cell.
    await page.setViewportSize({ width: 360, height: 740 });
    await waitFor('cards at 360 px', async () => (await page.locator('main table').count()) === 0);
    const gaps = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="keep-offline"]')].flatMap((input) => {
        const group = input.closest('.mantine-Group-root');
        const track = group?.querySelector('[data-switch-track]')?.getBoundingClientRect();
        const note = group?.querySelector('p')?.getBoundingClientRect();
        return track && note ? [note.left - track.right] : [];
      }),
    );
    expect(gaps.length).toBeGreaterThan(0);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await waitFor('the table again', async () => (await page.locator('main table').count()) === 1);
    // Moves to page 0 or past the last are ignored (the arrows say so with aria-disabled).
    await page.getByRole('button', { name: 'Previous page' }).click({ force: true });
    expect(await range(page).textContent()).toBe('1 - 10 of 24');
    await page.getByRole('button', { name: 'Next page' }).click();
    await waitFor('page 2', async () => (await range(page).textContent()) === '11 - 20 of 24');
    expect(pathOf(page)).toBe('/projects?page=2');
    await page.getByRole('button', { name: 'Last page' }).click();
    await waitFor('last page', async () => (await range(page).textContent()) === '21 - 24 of 24');
    await page.getByRole('button', { name: 'Next page' }).click({ force: true });
    expect(await range(page).textContent()).toBe('21 - 24 of 24');
    // The range names the rows on screen: never the next page's range above the previous page's rows.
    expect(await page.getByTestId('project-row').count()).toBe(4);

    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Filter projects' });
    await filters.getByLabel('Search', { exact: true }).fill('alpha');
    await waitFor('search applied', async () => (await range(page).textContent()) === '1 - 10 of 12');
    await pick(page, filters, 'Status', 'Planned');
    await typeDate(filters, 'Initial date after', '03/10/2026');
    await waitFor('filters applied', async () => (await range(page).textContent()) === '1 - 10 of 11');
    await filters.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('button', { name: 'Next page' }).click();
    await waitFor('filtered page 2', async () => (await range(page).textContent()) === '11 - 11 of 11');
    const filteredPath = pathOf(page);
    expect(filteredPath).toContain('search=alpha');
    expect(filteredPath).toContain('page=2');
    expect(await page.getByTestId('filter-tags').textContent()).toContain('Search: alpha');

    // Leave for a project, come back with the browser: the address restores filters and page.
    await page.getByRole('link', { name: 'Edit' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Project Alpha 3' }).waitFor();
    await page.goBack();
    await waitFor('restored', async () => (await range(page).textContent()) === '11 - 11 of 11');
    expect(pathOf(page)).toBe(filteredPath);
    // And from the sidebar, then back again.
    await navigate(page, 'Container reports');
    await page.getByRole('heading', { level: 1, name: 'Container reports' }).waitFor();
    await page.goBack();
    await waitFor('restored again', async () => (await range(page).textContent()) === '11 - 11 of 11');
    // Close on the record, and the navigation's entry, bring the user back to that page and those filters.
    await page.getByRole('link', { name: 'Edit' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Project Alpha 3' }).waitFor();
    await page.getByTestId('record-close').click();
    await waitFor('closed back', async () => (await range(page).textContent()) === '11 - 11 of 11');
    expect(pathOf(page)).toBe(filteredPath);
    await navigate(page, 'Container reports');
    await page.getByRole('heading', { level: 1, name: 'Container reports' }).waitFor();
    await navigate(page, 'Projects');
    await waitFor('entry back', async () => (await range(page).textContent()) === '11 - 11 of 11');
    expect(pathOf(page)).toBe(filteredPath);
    // A Ctrl-click on a row's link is the browser's (the app's links navigate themselves otherwise): a new
    // tab opens on the project, and this one stays on its page and filters.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page
        .getByRole('link', { name: 'Edit' })
        .first()
        .click({ modifiers: ['Control'] }),
    ]);
    await tab.waitForURL(/\/project\/[0-9a-f-]{36}/);
    await tab.close();
    expect(pathOf(page)).toBe(filteredPath);
    expect(await range(page).textContent()).toBe('11 - 11 of 11');

    // Removing a tag removes that filter only.
    await page.getByRole('button', { name: 'Remove filter Search: alpha' }).click();
    await waitFor('search removed', async () => (await range(page).textContent()) === '1 - 10 of 21');
    expect(await page.getByTestId('filter-tags').textContent()).not.toContain('Search');
    await page.goto('/projects?page=0&search=zzz-nothing');
    await waitFor('no match', async () => (await range(page).textContent()) === '0 - 0 of 0');
    await page.getByTestId('projects-empty').waitFor();
    await expectNoRawKeys(page);
  });

  it('asks before deleting a hand, an event and (admin only) a project, and really deletes them', async () => {
    const staff = await openPage();
    await staff.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await staff.getByTestId('project-row').first().waitFor();
    expect(await staff.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    const page = await openPage('ana');
    // An admin's three row actions keep their words at 1366 px (icons only there before): the port,
    // activity and customer columns give way to them, the table still within the screen.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId('project-row').nth(9).waitFor();
    const actions = page.getByTestId('project-row').first().locator('td').last();
    await waitFor(
      'worded actions at 1366 px',
      async () => (await actions.textContent()) === 'DocumentsEditDelete',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await page.goto(`/project/${projectId}`);
    await page.getByRole('heading', { level: 1, name: 'Project Nordic Steel coils' }).waitFor();
    await openSection(page, 'events');
    const event = page.getByTestId('event-item').first();
    await event.getByText('Working shift', { exact: true }).click();
    await waitFor('hands', async () => (await event.getByTestId('hand-row').count()) === 2);
    await event.getByTestId('hand-row').first().getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Gang 1?' });
    await confirm.getByText('This action can NOT be undone').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await event.getByTestId('hand-row').count()).toBe(2);
    await event.getByTestId('hand-row').first().getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await waitFor('one hand left', async () => (await event.getByTestId('hand-row').count()) === 1);

    await event.getByRole('button', { name: 'Delete' }).first().click();
    await page
      .getByRole('dialog', { name: 'Delete Working shift?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await waitFor('no events', async () => (await page.getByTestId('event-item').count()) === 0);

    await page.goto('/projects?search=Beta%2022');
    await waitFor('Beta 22 listed', async () => (await range(page).textContent()) === '1 - 1 of 1');
    const row = page.locator('[data-testid="project-row"][data-code="F-22"]');
    await row.getByRole('button', { name: 'Delete' }).click();
    const projectConfirm = page.getByRole('dialog', { name: 'Delete Beta 22?' });
    await projectConfirm.getByText('This action can NOT be undone').waitFor();
    await projectConfirm.getByRole('button', { name: 'Delete' }).click();
    await waitFor('Beta 22 gone', async () => (await range(page).textContent()) === '0 - 0 of 0');
    await waitForSync(page);

    expect(await localRows(page, 'project', 'code', 'F-22')).toEqual([]);
    const deleted = await server.query(
      'SELECT code FROM project WHERE deleted_at IS NOT NULL UNION ALL SELECT description FROM hand WHERE deleted_at IS NOT NULL ORDER BY 1',
    );
    // Deleting the event took its remaining hand with it.
    expect(deleted.map((r) => r.code)).toEqual(['F-22', 'Gang 1', 'Gang 2']);
    const events = await server.query(
      'SELECT id FROM project_event WHERE project = $1 AND deleted_at IS NULL',
      [projectId],
    );
    expect(events).toEqual([]);
  });
});
