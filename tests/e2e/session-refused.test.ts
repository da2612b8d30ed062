// A token the server stops accepting (revoked or expired) while changes wait on the tablet: the session
// ends as a refused /users/me/ ends it, the sign-in screen opens on the way back and says the work is
// kept, and signing in again as the same user sends it once. Another user signing in meanwhile gets
// their own store: the first user's changes are neither sent under the other's token nor deleted.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { pathOf, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { PASSWORD, startAppServer } from './support/server';
import {
  createHandWork,
  type OfflineWork,
  PHOTOS,
  status,
  takePhotos,
  until,
  waitForAllSent,
  waitForFirstSync,
  waitForServiceWorker,
} from './support/sync';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let luisId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  luisId = await server.createUser({
    username: 'luis',
    password: PASSWORD,
    first_name: 'Luis',
    last_name: 'Gil',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  context = await newContext(browser, server.url);
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

async function openSignedIn(username = 'marta'): Promise<string> {
  await page.goto('/login');
  await signIn(page, username);
  await waitForServiceWorker(page);
  await waitForFirstSync(page);
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as string);
}

/** Revokes the token as a logout elsewhere would (the server forgets it at once, cache included). */
async function revokeSessionToken(): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await fetch(`${server.url}/api/logout/`, {
    method: 'POST',
    headers: { Authorization: `Token ${token}` },
  });
  expect(answer.status).toBeLessThan(300);
  const me = await fetch(`${server.url}/api/users/me/`, { headers: { Authorization: `Token ${token}` } });
  expect(me.status).toBe(401);
}

/** How many times the server recorded each record's create, and by whom. */
async function creates(work: OfflineWork) {
  const rows = await server.query(
    `select record_id::text as id, count(*)::int as n, min(user_id::text) as by from audit_log
      where action = 'create' and record_id = any($1::uuid[]) group by record_id`,
    [[work.project, work.event, work.hand, work.incidence]],
  );
  return Object.fromEntries(rows.map((row) => [row.id, { n: row.n, by: row.by }]));
}

async function photosOf(work: OfflineWork): Promise<number> {
  const rows = await server.query(
    `select count(*)::int as n from attachment where parent_resource = 'incidence' and parent_id = $1 and deleted_at is null`,
    [work.incidence],
  );
  return Number(rows[0]?.n);
}

function once(work: OfflineWork, by: string) {
  return Object.fromEntries(
    [work.project, work.event, work.hand, work.incidence].map((id) => [id, { n: 1, by }]),
  );
}

/** Waits for the sign-in screen the ended session opens, and returns where it leads back to. */
async function signInPrompt(): Promise<string | null> {
  await page.getByTestId('session-ended').waitFor({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe('/login');
  return new URL(page.url()).searchParams.get('redirect');
}

describe('the server refuses the token while changes wait', () => {
  it('ends the session, offers signing in again with the work kept, and sends it once after', async () => {
    const martaId = await openSignedIn();
    const label = randomUUID().slice(0, 8);
    await context.setOffline(true);
    await page.getByTestId('sync-online').getByText('Offline').waitFor();
    const work = await createHandWork(page, label);
    await takePhotos(page, { resource: 'incidence', id: work.incidence }, PHOTOS);
    await page.goto(`/project/${work.project}?from=tally`);
    await page.getByTestId('sidebar').waitFor();
    const where = pathOf(page);
    expect(await status(page)).toMatchObject({ pending: 4, files_pending: 2 });

    await revokeSessionToken();
    await context.setOffline(false);

    expect(await signInPrompt()).toBe(where);
    const ended = await page.getByTestId('session-ended').textContent();
    expect(ended).toContain('Your session has ended');
    // The count is what logout's warning counts: changes and files.
    expect(ended).toContain('your 6 changes not yet sent are kept on this device');
    expect(await page.getByLabel('User').inputValue()).toBe('marta');
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('username')]),
    ).toEqual([null, null]);
    expect(await creates(work)).toEqual({});
    expect(await photosOf(work)).toBe(0);

    // The same in Spanish.
    await page.getByTestId('language-es').click();
    await page.getByText('Su sesión ha terminado').waitFor();
    expect(await page.getByTestId('session-ended').textContent()).toContain(
      'sus 6 cambios aún no enviados se conservan en este dispositivo',
    );
    await page.getByTestId('language-en').click();

    await signIn(page);
    expect(pathOf(page)).toBe(where);
    await waitForAllSent(page);
    await until(async () => Object.keys(await creates(work)).length === 4, 30_000, 'the four creates');
    // A second round (pull and push) does not send anything again.
    await page.evaluate(() => window.__karbontrack?.syncNow());
    expect(await creates(work)).toEqual(once(work, martaId));
    expect(await photosOf(work)).toBe(2);
    expect(await page.evaluate(() => localStorage.getItem('unsent_work'))).toBeNull();
  });

  it('another user signing in on the tablet: the first user’s changes wait, unsent, until they sign in', async () => {
    // Only sync may learn of the refused token here: the /users/me/ check cannot reach the server.
    await page.route('**/api/users/me/', (route) =>
      page
        .evaluate(() => localStorage.getItem('token'))
        .then((token) => (token ? route.abort('internetdisconnected') : route.continue())),
    );
    const martaId = await openSignedIn();
    const label = randomUUID().slice(0, 8);
    await context.setOffline(true);
    await page.getByTestId('sync-online').getByText('Offline').waitFor();
    const work = await createHandWork(page, label);
    await revokeSessionToken();
    await context.setOffline(false);

    expect(await signInPrompt()).toBe('/projects');
    await page.unroute('**/api/users/me/');
    await page.getByLabel('User').fill('luis');
    const warning = page.getByTestId('other-work-waiting');
    expect(await warning.textContent()).toBe(
      'marta has 4 changes waiting on this device. They are kept and are sent only when marta signs in ' +
        'again: signing in as another user neither sends nor deletes them.',
    );

    await signIn(page, 'luis');
    await waitForFirstSync(page);
    expect(await page.getByTestId('welcome').textContent()).toBe('Welcome, Luis Gil');
    // Luis's own store: nothing of Marta's waits in it, and a full round sends nothing of hers.
    await page.evaluate(() => window.__karbontrack?.syncNow());
    expect((await status(page)).pending).toBe(0);
    expect(await page.evaluate((id) => window.__karbontrack?.row('project', id), work.project)).toBeFalsy();
    expect(await creates(work)).toEqual({});
    const byLuis = await server.query('select count(*)::int as n from audit_log where user_id = $1', [
      luisId,
    ]);
    expect(byLuis[0]?.n).toBe(0);

    await page.getByTestId('settings').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('other-work-waiting').textContent()).toContain('marta has 4 changes');
    await page.getByLabel('User').fill('marta');
    expect(await page.getByTestId('own-work-waiting').textContent()).toBe(
      '4 changes of yours are waiting on this device; they are sent once you sign in.',
    );

    await signIn(page, 'marta');
    await waitForAllSent(page);
    await until(async () => Object.keys(await creates(work)).length === 4, 30_000, 'the four creates');
    await page.evaluate(() => window.__karbontrack?.syncNow());
    expect(await creates(work)).toEqual(once(work, martaId));
    expect(await page.evaluate((id) => window.__karbontrack?.row('project', id), work.project)).toBeTruthy();
  });

  it('a second tab of the same session follows when the leading tab learns the token was refused', async () => {
    await openSignedIn();
    const second = await context.newPage();
    await second.goto('/reports');
    await second.getByTestId('sidebar').waitFor();
    // The changes wait (their pushes fail as on a dropped link) with no `online` event in either tab, so
    // only the leading tab's sync round meets the 401; the second tab follows (from local storage, or its
    // own 401 once it takes the lead) with the same notice.
    await page.route('**/api/sync/push/', (route) => route.abort('connectionreset'));
    const work = await createHandWork(page, randomUUID().slice(0, 8));
    await until(async () => (await status(page)).phase === 'backoff', 30_000, 'a failed push');
    await revokeSessionToken();
    await page.unroute('**/api/sync/push/');
    await page.evaluate(() => window.__karbontrack?.syncNow());
    await signInPrompt();
    await second.getByTestId('session-ended').waitFor();
    expect(new URL(second.url()).searchParams.get('redirect')).toBe('/reports');
    expect(await second.getByTestId('session-ended').textContent()).toContain('your 4 changes not yet sent');
    expect(await creates(work)).toEqual({});
  });

  it('a logout in one tab signs the other tab out as a logout, not as a session the server ended', async () => {
    await openSignedIn();
    const second = await context.newPage();
    await second.goto('/reports');
    await second.getByTestId('sidebar').waitFor();
    await page.getByTestId('settings').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByTestId('login-form').waitFor();
    await second.getByTestId('login-form').waitFor({ timeout: 15_000 });
    expect(new URL(second.url()).searchParams.get('redirect')).toBe('/reports');
    expect(await second.getByTestId('session-ended').count()).toBe(0);
  });
});
