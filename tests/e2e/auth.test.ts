import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { expectNoRawKeys, pathOf, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { PASSWORD, startAppServer } from './support/server';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
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

describe('sign-in and guards', () => {
  it('sends an anonymous visit to /login with the full wanted path, then back there after sign-in', async () => {
    await page.goto('/project/0190a1b2-0000-7000-8000-000000000001?tab=packing&page=3');
    await page.getByTestId('login-form').waitFor();
    const login = new URL(page.url());
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('redirect')).toBe(
      '/project/0190a1b2-0000-7000-8000-000000000001?tab=packing&page=3',
    );
    await signIn(page);
    expect(pathOf(page)).toBe('/project/0190a1b2-0000-7000-8000-000000000001?tab=packing&page=3');
    await page.getByTestId('welcome').waitFor();
    await expectNoRawKeys(page);
  });

  it('keeps the hash of the wanted address through the sign-in', async () => {
    // (A screen may tidy its own query once its data is read: an unknown project's page does not.)
    const wanted = '/project/0190a1b2-0000-7000-8000-000000000002?tab=events#hand-7';
    await page.goto(wanted);
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(wanted);
    await signIn(page);
    expect(pathOf(page)).toBe(wanted);
  });

  it('follows only same-origin redirects', async () => {
    await page.goto('/login?redirect=//evil.example/steal');
    await signIn(page);
    expect(pathOf(page)).toBe('/projects');

    // The same guard runs for every visit to /login once signed in: each query as a user or a link
    // might bring it, and where it must land.
    const cases: Array<[query: string, lands: string]> = [
      ['redirect=%2Fproject%2Fabc%3Ftab%3Dpacking%26page%3D2', '/project/abc?tab=packing&page=2'],
      ['redirect=/project/abc%3Ftab%3Devents%23top', '/project/abc?tab=events#top'],
      // A raw # ends the query: the hash is the login page's own, the redirect is /reports.
      ['redirect=/reports#top', '/reports'],
      ['redirect=javascript:alert(document.domain)', '/projects'],
      ['redirect=JavaScript%3Aalert(1)', '/projects'],
      ['redirect=/\\evil.example', '/projects'],
      ['redirect=%2F%5Cevil.example', '/projects'],
      ['redirect=%5C%5Cevil.example', '/projects'],
      ['redirect=%2F%2Fevil.example', '/projects'],
      ['redirect=%252F%252Fevil.example', '/projects'],
      ['redirect=https:/evil.example', '/projects'],
      ['redirect=https://evil.example/projects', '/projects'],
      ['redirect=%2F%09%2Fevil.example', '/projects'],
      ['redirect=/login%3Fredirect%3D%2Freports', '/projects'],
      ['redirect=', '/projects'],
    ];
    for (const [query, lands] of cases) {
      await page.goto(`/login?${query}`);
      await page.waitForURL((url) => url.pathname !== '/login');
      expect(new URL(page.url()).origin, query).toBe(server.url);
      expect(pathOf(page), query).toBe(lands);
    }
  });

  it('gives the empty message naming each field, and the server message for wrong credentials', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('User must not be blank').waitFor();
    await page.getByText('Password must not be blank').waitFor();

    await page.getByLabel('User').fill('marta');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByTestId('login-failure')
      .getByText('Unable to log in with provided credentials.')
      .waitFor();
    await page.getByTestId('error-notice').waitFor();
    expect(pathOf(page)).toBe('/login');
    await expectNoRawKeys(page);
  });

  it('submits with the Enter key and keeps the session in local storage across reloads', async () => {
    await page.goto('/login');
    await page.getByLabel('User').fill('marta');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByTestId('user-bar').waitFor();
    expect(pathOf(page)).toBe('/projects');
    const stored = await page.evaluate(() => ({
      username: localStorage.getItem('username'),
      token: localStorage.getItem('token'),
    }));
    expect(stored.username).toBe('marta');
    expect(stored.token?.length).toBeGreaterThan(20);

    await page.reload();
    await page.getByTestId('welcome').waitFor();
    expect(await page.getByTestId('welcome').textContent()).toBe('Welcome, Marta Ruiz');

    // A signed-in visit to /login goes to /projects.
    await page.goto('/login');
    await page.getByTestId('user-bar').waitFor();
    expect(pathOf(page)).toBe('/projects');
  });

  it('logs out from the settings menu: token revoked on the server, session cleared, back to /login', async () => {
    await page.goto('/login');
    await signIn(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByTestId('settings').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByTestId('login-form').waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(
      await page.evaluate(() => [localStorage.getItem('username'), localStorage.getItem('token')]),
    ).toEqual([null, null]);
    const me = await fetch(`${server.url}/api/users/me/`, { headers: { Authorization: `Token ${token}` } });
    expect(me.status).toBe(401);

    // Protected routes are closed again.
    await page.goto('/reports');
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/reports');
  });
});
