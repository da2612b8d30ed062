// The session survives local storage losing it (Chromium writes local storage to disk seconds late, so a
// tablet killed right after sign-in reopens without it): the IndexedDB mirror brings it back, offline too.
// And the mirror never brings back a session the user ended or the server revoked.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, signIn } from './support/app';
import { pagePerTest } from './support/rig';
import { waitForServiceWorker } from './support/sync';

const rig = pagePerTest();

const SESSION_KEYS = ['username', 'token', 'user'];

function localSession(page: Page) {
  return page.evaluate(() => ({
    username: localStorage.getItem('username'),
    token: localStorage.getItem('token'),
  }));
}

/** What the app's IndexedDB mirror holds: its record's session, or 'no record'. */
function mirrored(page: Page) {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes('karbontrack-session')) return 'no record';
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('karbontrack-session');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const record = await new Promise<{ session: { username: string; token: string } | null } | undefined>(
      (resolve, reject) => {
        const request = db.transaction('session', 'readonly').objectStore('session').get('current');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      },
    );
    db.close();
    return record === undefined ? 'no record' : record.session;
  });
}

function removeLocalSession(page: Page, keys = SESSION_KEYS) {
  return page.evaluate((names) => {
    for (const name of names) localStorage.removeItem(name);
  }, keys);
}

async function signedInFrame(page: Page) {
  await page.getByTestId('welcome').waitFor();
  expect(await page.getByTestId('welcome').textContent()).toBe('Welcome, Marta Ruiz');
}

describe('the session mirrored in IndexedDB', () => {
  it('local storage lost the session: reloaded offline, still signed in, and local storage has it again', async () => {
    const { page, context } = rig;
    await page.goto('/login');
    await signIn(page);
    await waitForServiceWorker(page);
    const signedIn = await localSession(page);
    expect(signedIn.username).toBe('marta');
    expect(await mirrored(page)).toMatchObject(signedIn);

    await removeLocalSession(page);
    await context.setOffline(true);
    await page.reload();
    await signedInFrame(page);
    await page.getByRole('heading', { level: 1, name: 'Projects', exact: true }).waitFor();
    expect(pathOf(page)).toBe('/projects');
    expect(await localSession(page)).toEqual(signedIn);

    // A deep link opened with local storage empty again goes to its screen, not to /login.
    await removeLocalSession(page);
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Container reports' }).waitFor();
    expect(pathOf(page)).toBe('/reports');
    // The cached profile (names, role) came back with it.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.role)).toBe('staff');
  });

  it('logged out, nothing else cleared: reloads stay signed out, even if local storage kept the old session', async () => {
    const { page, context } = rig;
    await page.goto('/login');
    await signIn(page);
    await waitForServiceWorker(page);
    const old = await page.evaluate(() => ({
      username: localStorage.getItem('username'),
      token: localStorage.getItem('token'),
      user: localStorage.getItem('user'),
    }));
    await page.getByTestId('settings').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByTestId('login-form').waitFor();
    expect(await mirrored(page)).toBeNull();

    await page.reload();
    await page.getByTestId('login-form').waitFor();
    await context.setOffline(true);
    await page.goto('/projects');
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // A crash can lose local storage's removal too: the old session there does not come back either.
    await page.evaluate((values) => {
      for (const [key, value] of Object.entries(values)) if (value !== null) localStorage.setItem(key, value);
    }, old);
    await page.goto('/projects');
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await localSession(page)).toEqual({ username: null, token: null });
  });

  it('the server revoked the token: the next start online signs out, and a start offline does not sign in', async () => {
    const { page, context, server } = rig;
    await page.goto('/login');
    await signIn(page);
    await waitForServiceWorker(page);
    const { token } = await localSession(page);
    const revoked = await fetch(`${server.url}/api/logout/`, {
      method: 'POST',
      headers: { Authorization: `Token ${token}` },
    });
    expect(revoked.status).toBeLessThan(300);

    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect(await localSession(page)).toEqual({ username: null, token: null });
    expect(await mirrored(page)).toBeNull();

    await context.setOffline(true);
    await page.goto('/projects');
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
