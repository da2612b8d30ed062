// The walker's other stops (see walk.ts): the hand page and the tally, container reports, the admin's
// Devices screen and the administration's pages, the sync panel with Needs attention and its fix form, and the user menu's modals.
import type { Page } from 'playwright-core';
import { openSection } from './app';
import { expandAll, modal, type Walk, walkProjectPage, walkProjects } from './walk';

async function walkHand(walk: Walk): Promise<void> {
  const { page, t, data } = walk;
  // The hand opens on its tally.
  await page.goto(`/project/${data.project}/hand/${data.hand}`);
  await page.getByTestId('tally-input').waitFor();
  await walk.audit.check(page, 'hand page, tally', [data.text.handDescription]);
  await openSection(page, 'details');
  await page.getByTestId('hand-form').waitFor();
  await walk.audit.check(page, 'hand page, details', [data.text.handDescription, data.text.handForeman]);
  await openSection(page, 'validated');
  await walk.audit.check(page, 'hand page, validated packing list');
  await openSection(page, 'events');
  await page.getByTestId('hand-event').first().waitFor();
  await walk.audit.check(page, 'hand page, events', [data.text.handEvent]);
  const event = page.getByTestId('hand-event').first();
  await modal(
    walk,
    'hand event modal',
    () => event.getByRole('button', { name: t('ui:actions.edit'), exact: true }).click(),
    { shows: [data.text.handEvent] },
  );
  await openSection(page, 'incidences');
  await page.getByTestId('hand-incidence').first().waitFor();
  await walk.audit.check(page, 'hand page, incidences', [data.text.handIncidence]);
  const incidence = page.getByTestId('hand-incidence').first();
  await modal(
    walk,
    'hand incidence modal',
    () => incidence.getByRole('button', { name: t('ui:actions.edit'), exact: true }).click(),
    { shows: [data.text.handIncidence] },
  );
  await openSection(page, 'tally');
  await page.getByTestId('tally-input').waitFor();
  // An item in the lift (found by the end of its reference), then its damage modal.
  await page.getByTestId('hold-1').click();
  await page.getByTestId('tally-input').fill(data.text.reference.slice(-4));
  await page.getByTestId('tally-input').press('Enter');
  await page.getByTestId('lift-item').first().waitFor();
  await walk.audit.check(page, 'tally with a lift', [data.text.reference]);
  const record = t('tally:damage.record').replace('{{reference}}', data.text.reference);
  await modal(
    walk,
    'tally damage modal',
    () => page.getByRole('button', { name: record, exact: true }).click(),
    {
      shows: [data.text.otherDamage],
    },
  );
}

async function walkContainerReports(walk: Walk): Promise<void> {
  const { page, t, data } = walk;
  await page.goto('/reports');
  await page.getByTestId('container-report-row').first().waitFor();
  await walk.audit.check(page, '/reports');
  await modal(walk, 'container filter modal', () =>
    page.getByRole('button', { name: t('ui:filters.open'), exact: true }).click(),
  );
  await modal(walk, 'container documents modal', () =>
    page
      .getByTestId('container-report-row')
      .first()
      .getByRole('button', { name: t('reports:documents'), exact: true })
      .click(),
  );
  await page.goto(`/report/${data.container}`);
  await page.getByTestId('download-pdf').waitFor();
  await expandAll(page);
  await walk.audit.check(page, 'container report form', [data.text.containerOthers]);
  await page.goto('/report');
  await page.locator('main h1').first().waitFor();
  await page.locator('main input').first().waitFor();
  await walk.audit.check(page, 'new container report form');
}

async function walkDevices(walk: Walk): Promise<void> {
  const { page } = walk;
  await page.goto('/devices');
  await page.getByTestId('device-row').first().waitFor();
  await walk.audit.check(page, 'devices (admin)', [walk.data.text.adminName]);
  await walkAdmin(walk);
}

/** The administration's other pages: users (the admin's name), a reference list (the vessel's name). */
async function walkAdmin(walk: Walk): Promise<void> {
  const { page, t, data } = walk;
  await page.goto('/admin/users');
  await page.getByTestId('users-list').locator('> div').first().waitFor();
  await walk.audit.check(page, 'users (admin)', [data.text.adminName]);
  await modal(walk, 'user modal', () =>
    page.getByRole('button', { name: t('admin:users.new'), exact: true }).click(),
  );
  await page.goto('/admin/reference');
  // Typed once the list is there (typed before, the search was once seen lost), then the vessel found.
  const entries = page.getByTestId('reference-list').locator('> div');
  await entries.first().waitFor();
  const typed = data.text.vessel.slice(0, 12);
  await page.getByLabel(t('admin:search'), { exact: true }).fill(typed);
  await entries.filter({ hasText: data.text.vessel }).first().waitFor();
  await page.waitForFunction(
    (typed) =>
      Array.from(document.querySelectorAll('[data-testid="reference-list"] > div')).every((entry) =>
        entry.textContent?.includes(typed),
      ),
    typed,
  );
  await walk.audit.check(page, 'reference lists (admin)', [data.text.vessel]);
  await page.goto('/admin/api-access');
  await page.getByTestId('api-example').waitFor();
  await walk.audit.check(page, 'customer API access (admin)');
}

/** The user menu's password change, and the logout warning (a change waits: made while offline). */
async function walkUserMenu(walk: Walk): Promise<void> {
  const { page, t } = walk;
  const menu = async (action: string) => {
    await page.getByTestId('settings').click();
    await page.getByRole('menuitem', { name: t(action), exact: true }).click();
  };
  await modal(walk, 'password change modal', () => menu('auth:password_change.action'));
  await page.context().setOffline(true);
  await saveOnDevice(page, walk.data.project, { remarks: 'offline edit' });
  await modal(walk, 'logout warning', () => menu('auth:logout.action'), {
    ready: (dialog) => dialog.getByTestId('logout-confirm'),
  });
  await page.context().setOffline(false);
}

/** The sync panel, with a change the server refuses (a taken code) under Needs attention, and its fix form. */
async function walkSync(walk: Walk, takenCode: string): Promise<void> {
  const { page, data } = walk;
  await page.context().setOffline(true);
  const attention = await page.evaluate(() => window.__karbontrack?.status().needs_attention ?? 0);
  await page.evaluate(
    async ({ code, name, project }) => {
      const hooks = window.__karbontrack;
      if (!hooks) throw new Error('no e2e hooks');
      // With the seeded project's vessel and status: the fix form shows them by name, not by id.
      const seeded = await hooks.row('project', project);
      await hooks.save('project', { code, name, vessel: seeded?.vessel, status: seeded?.status });
    },
    { code: takenCode, name: data.text.projectName, project: data.project },
  );
  await page.context().setOffline(false);
  await page.waitForFunction(
    (before) => (window.__karbontrack?.status().needs_attention ?? 0) > before,
    attention,
    { timeout: 30_000 },
  );
  await modal(walk, 'sync panel with needs attention', () => page.getByTestId('sync-status').click(), {
    shows: [data.text.projectName],
    ready: (dialog) => dialog.getByTestId('attention-item'),
    keepOpen: true,
  });
  // The refused change's card itself (below the panel's status on every size), with its worded refusal.
  await page.getByTestId('attention-item').first().scrollIntoViewIfNeeded();
  await walk.audit.check(page, 'needs attention card');
  await modal(walk, 'needs attention fix form', () => page.getByTestId('attention-fix').first().click(), {
    ready: (dialog) => dialog.getByTestId('fix-form'),
  });
  await page.keyboard.press('Escape');
}

async function saveOnDevice(page: Page, id: string, changes: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    async ({ id, changes }) => {
      const hooks = window.__karbontrack;
      if (!hooks) throw new Error('no e2e hooks');
      await hooks.update('project', id, changes);
    },
    { id, changes },
  );
}

/** Every signed-in screen and modal in the spec's order: the one walk the a11y and layout tests share. */
export async function walkSignedIn(walk: Walk): Promise<void> {
  await walkProjects(walk);
  await walkProjectPage(walk);
  await walkHand(walk);
  await walkContainerReports(walk);
  await walkDevices(walk);
  await walkSync(walk, walk.data.code);
  await walkUserMenu(walk);
}
