// A token the server stops accepting (revoked or expired) while changes wait on the tablet: the session
// ends as a refused /users/me/ ends it, the sign-in screen opens on the way back and says the work is
// kept, and signing in again as the same user sends it once. Another user signing in meanwhile gets
// their own store: the first user's changes are neither sent under the other's token nor deleted.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pathOf, signIn } from './support/app';
import { pagePerTest } from './support/rig';
import { PASSWORD } from './support/server';
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

const rig = pagePerTest();
let luisId: string;

beforeAll(async () => {
  luisId = await rig.server.createUser({
    username: 'luis',
    password: PASSWORD,
    first_name: 'Luis',
    last_name: 'Gil',
  });
});

async function openSignedIn(username = 'marta'): Promise<string> {
  await rig.page.goto('/login');
  await signIn(rig.page, username);
  await waitForServiceWorker(rig.page);
  await waitForFirstSync(rig.page);
  return rig.page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as string);
}

/** Revokes the token as a logout elsewhere would (the server forgets it at once, cache included). */
async function revokeSessionToken(): Promise<void> {
  const token = await rig.page.evaluate(() => localStorage.getItem('token'));
  const answer = await fetch(`${rig.server.url}/api/logout/`, {
    method: 'POST',
    headers: { Authorization: `Token ${token}` },
  });
  expect(answer.status).toBeLessThan(300);
  const me = await fetch(`${rig.server.url}/api/users/me/`, { headers: { Authorization: `Token ${token}` } });
  expect(me.status).toBe(401);
}

/** How many times the server recorded each record's create, and by whom. */
async function creates(work: OfflineWork) {
  const rows = await rig.server.query(
    `select record_id::text as id, count(*)::int as n, min(user_id::text) as by from audit_log
      where action = 'create' and record_id = any($1::uuid[]) group by record_id`,
    [[work.project, work.event, work.hand, work.incidence]],
  );
  return Object.fromEntries(rows.map((row) => [row.id, { n: row.n, by: row.by }]));
}

async function photosOf(work: OfflineWork): Promise<number> {
  const rows = await rig.server.query(
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
  await rig.page.getByTestId('session-ended').waitFor({ timeout: 30_000 });
  expect(new URL(rig.page.url()).pathname).toBe('/login');
  return new URL(rig.page.url()).searchParams.get('redirect');
}

describe('the server refuses the token while changes wait', () => {
  it('ends the session, offers signing in again with the work kept, and sends it once after', async () => {
    const martaId = await openSignedIn();
    const label = randomUUID().slice(0, 8);
    await rig.context.setOffline(true);
    await rig.page.getByTestId('sync-online').getByText('Offline').waitFor();
    const work = await createHandWork(rig.page, label);
    await takePhotos(rig.page, { resource: 'incidence', id: work.incidence }, PHOTOS);
    await rig.page.goto(`/project/${work.project}?from=tally`);
    await rig.page.getByTestId('user-bar').waitFor();
    const where = pathOf(rig.page);
    expect(await status(rig.page)).toMatchObject({ pending: 4, files_pending: 2 });

    await revokeSessionToken();
    await rig.context.setOffline(false);

    expect(await signInPrompt()).toBe(where);
    const ended = await rig.page.getByTestId('session-ended').textContent();
    expect(ended).toContain('Your session has ended');
    // The count is what logout's warning counts: changes and files.
    expect(ended).toContain('your 6 changes not yet sent are kept on this device');
    expect(await rig.page.getByLabel('User').inputValue()).toBe('marta');
    expect(
      await rig.page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('username')]),
    ).toEqual([null, null]);
    expect(await creates(work)).toEqual({});
    expect(await photosOf(work)).toBe(0);

    // The same in Spanish.
    await rig.page.getByTestId('language-es').click();
    await rig.page.getByText('Su sesión ha terminado').waitFor();
    expect(await rig.page.getByTestId('session-ended').textContent()).toContain(
      'sus 6 cambios aún no enviados se conservan en este dispositivo',
    );
    await rig.page.getByTestId('language-en').click();

    await signIn(rig.page);
    expect(pathOf(rig.page)).toBe(where);
    await waitForAllSent(rig.page);
    await until(async () => Object.keys(await creates(work)).length === 4, 30_000, 'the four creates');
    // A second round (pull and push) does not send anything again.
    await rig.page.evaluate(() => window.__karbontrack?.syncNow());
    expect(await creates(work)).toEqual(once(work, martaId));
    expect(await photosOf(work)).toBe(2);
    expect(await rig.page.evaluate(() => localStorage.getItem('unsent_work'))).toBeNull();
  });

  it('another user signing in on the tablet: the first user’s changes wait, unsent, until they sign in', async () => {
    // Only sync may learn of the refused token here: the /users/me/ check cannot reach the server.
    await rig.page.route('**/api/users/me/', (route) =>
      rig.page
        .evaluate(() => localStorage.getItem('token'))
        .then((token) => (token ? route.abort('internetdisconnected') : route.continue())),
    );
    const martaId = await openSignedIn();
    const label = randomUUID().slice(0, 8);
    await rig.context.setOffline(true);
    await rig.page.getByTestId('sync-online').getByText('Offline').waitFor();
    const work = await createHandWork(rig.page, label);
    await revokeSessionToken();
    await rig.context.setOffline(false);

    expect(await signInPrompt()).toBe('/projects');
    await rig.page.unroute('**/api/users/me/');
    await rig.page.getByLabel('User').fill('luis');
    const warning = rig.page.getByTestId('other-work-waiting');
    expect(await warning.textContent()).toBe(
      'marta has 4 changes waiting on this device. They are kept and are sent only when marta signs in ' +
        'again: signing in as another user neither sends nor deletes them.',
    );

    await signIn(rig.page, 'luis');
    await waitForFirstSync(rig.page);
    expect(await rig.page.getByTestId('welcome').textContent()).toBe('Welcome, Luis Gil');
    // Luis's own store: nothing of Marta's waits in it, and a full round sends nothing of hers.
    await rig.page.evaluate(() => window.__karbontrack?.syncNow());
    expect((await status(rig.page)).pending).toBe(0);
    expect(
      await rig.page.evaluate((id) => window.__karbontrack?.row('project', id), work.project),
    ).toBeFalsy();
    expect(await creates(work)).toEqual({});
    const byLuis = await rig.server.query('select count(*)::int as n from audit_log where user_id = $1', [
      luisId,
    ]);
    expect(byLuis[0]?.n).toBe(0);

    await rig.page.getByTestId('settings').click();
    await rig.page.getByRole('menuitem', { name: 'Log out' }).click();
    await rig.page.getByTestId('login-form').waitFor();
    expect(await rig.page.getByTestId('other-work-waiting').textContent()).toContain('marta has 4 changes');
    await rig.page.getByLabel('User').fill('marta');
    expect(await rig.page.getByTestId('own-work-waiting').textContent()).toBe(
      '4 changes of yours are waiting on this device; they are sent once you sign in.',
    );

    await signIn(rig.page, 'marta');
    await waitForAllSent(rig.page);
    await until(async () => Object.keys(await creates(work)).length === 4, 30_000, 'the four creates');
    await rig.page.evaluate(() => window.__karbontrack?.syncNow());
    expect(await creates(work)).toEqual(once(work, martaId));
    expect(
      await rig.page.evaluate((id) => window.__karbontrack?.row('project', id), work.project),
    ).toBeTruthy();
  });

  it('a second tab of the same session follows when the leading tab learns the token was refused', async () => {
    await openSignedIn();
    const second = await rig.context.newPage();
    await second.goto('/reports');
    await second.getByTestId('user-bar').waitFor();
    // The changes wait (their pushes fail as on a dropped link) with no `online` event in either tab, so
    // only the leading tab's sync round meets the 401; the second tab follows (from local storage, or its
    // own 401 once it takes the lead) with the same notice.
    await rig.page.route('**/api/sync/push/', (route) => route.abort('connectionreset'));
    const work = await createHandWork(rig.page, randomUUID().slice(0, 8));
    await until(async () => (await status(rig.page)).phase === 'backoff', 30_000, 'a failed push');
    await revokeSessionToken();
    await rig.page.unroute('**/api/sync/push/');
    await rig.page.evaluate(() => window.__karbontrack?.syncNow());
    await signInPrompt();
    await second.getByTestId('session-ended').waitFor();
    expect(new URL(second.url()).searchParams.get('redirect')).toBe('/reports');
    expect(await second.getByTestId('session-ended').textContent()).toContain('your 4 changes not yet sent');
    expect(await creates(work)).toEqual({});
  });

  it('a logout in one tab signs the other tab out as a logout, not as a session the server ended', async () => {
    await openSignedIn();
    const second = await rig.context.newPage();
    await second.goto('/reports');
    await second.getByTestId('user-bar').waitFor();
    await rig.page.getByTestId('settings').click();
    await rig.page.getByRole('menuitem', { name: 'Log out' }).click();
    await rig.page.getByTestId('login-form').waitFor();
    await second.getByTestId('login-form').waitFor({ timeout: 15_000 });
    expect(new URL(second.url()).searchParams.get('redirect')).toBe('/reports');
    expect(await second.getByTestId('session-ended').count()).toBe(0);
  });
});
