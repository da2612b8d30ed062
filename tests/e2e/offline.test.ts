import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { localRows, outboxCount, pick, waitFor } from './projects-support';
import {
  expectNoRawKeys,
  navigate,
  pathOf,
  signIn,
  waitForScreen,
  waitForServiceWorker,
} from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { startAppServer } from './support/server';

let server: TestServer | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  context = await newContext(browser, server.url);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('offline', () => {
  it('installs: a web manifest with name, icons incl. maskable, theme colour and standalone display', async () => {
    const response = await fetch(`${server?.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Karbontrack',
      short_name: 'Karbontrack',
      id: '/',
      start_url: '/projects',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b2545',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await fetch(`${server?.url}${icon.src}`);
      expect(image.headers.get('content-type')).toBe('image/png');
      // The PNG's own size (IHDR width and height) is the one the manifest claims.
      const bytes = Buffer.from(await image.arrayBuffer());
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    const html = await (await fetch(`${server?.url}/`)).text();
    expect(html).toContain('rel="manifest"');
  });

  it('first visit: offline right after signing in, before any service worker, a new project is saved on the device and reaches the server once online; a screen not on the device says so and opens on retry', async () => {
    // No service worker in this context: the page stays as in the first seconds of a first visit, before
    // the worker has installed and taken control (it caches the whole app, one file at a time).
    const fresh = await browser.newContext({
      baseURL: server?.url,
      viewport: { width: 768, height: 1024 },
      serviceWorkers: 'block',
    });
    const tab = await fresh.newPage();
    await tab.goto('/login');
    await signIn(tab);
    await tab.getByRole('heading', { level: 1, name: 'Projects', exact: true }).waitFor();
    // The code a save needs is preloaded right after the first sync (the app says when it is in).
    await tab.waitForFunction(() => document.documentElement.dataset.offlineCode === 'ready');
    expect(await tab.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await fresh.setOffline(true);

    const code = `OFF-${Date.now().toString(36).toUpperCase()}`;
    await tab.getByRole('link', { name: 'New project' }).click();
    await tab.getByRole('heading', { level: 1, name: 'New project' }).waitFor();
    await tab.getByLabel('Code', { exact: true }).fill(code);
    await tab.getByLabel('Name', { exact: true }).fill('Offline first call');
    await pick(tab, tab, 'Status', 'In progress');
    await tab.getByRole('button', { name: 'Save' }).click();
    await tab.getByRole('heading', { level: 1, name: 'Project Offline first call' }).waitFor();
    await tab.getByText('Successfully updated').first().waitFor();
    expect(await localRows(tab, 'project', 'code', code)).toHaveLength(1);
    expect(await outboxCount(tab)).toBeGreaterThan(0);

    // A part not on the device (the record's history) says so in words; the form and what is typed in it
    // stay, and save.
    await tab.getByRole('link', { name: 'Edit general data' }).click();
    await tab.getByLabel('Name', { exact: true }).fill('Offline first call, hold 2');
    await tab.getByTestId('history-button').click();
    await tab
      .getByTestId('load-failed')
      .getByText('This part of the app is not on this device yet')
      .waitFor();
    expect(await tab.getByLabel('Name', { exact: true }).inputValue()).toBe('Offline first call, hold 2');
    await tab.getByRole('button', { name: 'Save' }).click();
    await tab.getByRole('heading', { level: 1, name: 'Project Offline first call, hold 2' }).waitFor();
    // A screen not on the device: its place says so and the frame stays; online, "Try again" opens it.
    await navigate(tab, 'Container reports');
    const failed = tab.getByRole('main').getByTestId('screen-load-failed');
    await failed.waitFor();
    expect(await tab.getByTestId('user-bar').isVisible()).toBe(true);

    await fresh.setOffline(false);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await tab.getByRole('heading', { level: 1, name: 'Container reports' }).waitFor();
    await waitFor(
      'the project on the server',
      async () =>
        (await server?.query('SELECT name FROM project WHERE code = $1', [code]))?.[0]?.name ===
        'Offline first call, hold 2',
    );
    await expectNoRawKeys(tab);
    await fresh.close();
  });

  it('opens the shell and the signed-in screens with no network and no server', async () => {
    await page.goto('/login');
    await signIn(page);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await server?.close();
    server = undefined;

    await page.reload();
    await page.getByTestId('welcome').waitFor();
    expect(await page.getByTestId('welcome').textContent()).toBe('Welcome, Marta Ruiz');
    await page.getByRole('heading', { level: 1, name: 'Projects', exact: true }).waitFor();

    await navigate(page, 'Container reports');
    await page.getByRole('heading', { level: 1, name: 'Container reports' }).waitFor();

    // Deep links typed or opened in a new tab come from the cached shell too.
    for (const path of ['/project/p1/hand/h1', '/report/r1', '/project', '/report']) {
      await page.goto(path);
      await waitForScreen(page);
      expect(pathOf(page)).toBe(path);
    }
    const tab = await context.newPage();
    await tab.goto('/reports');
    await tab.getByRole('heading', { level: 1, name: 'Container reports' }).waitFor();
    await tab.close();
    await expectNoRawKeys(page);
  });

  it('offline, a reload of every route of the spec table opens its screen', async () => {
    const signedIn = [
      '/projects',
      '/project',
      '/project/p1',
      '/project/p1/hand/h1',
      '/reports',
      '/report',
      '/report/r1',
    ];
    for (const path of signedIn) {
      await page.goto(path);
      await waitForScreen(page);
      await page.reload();
      await waitForScreen(page);
      expect(pathOf(page), path).toBe(path);
    }
    for (const path of ['/', '/contact', '/terms-conditions', '/privacy-policy']) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      await page.reload();
      await page.getByTestId('public-header').waitFor();
      await page.locator('main h1').first().waitFor();
      expect(await page.getByTestId('not-found').count(), path).toBe(0);
      expect(pathOf(page), path).toBe(path);
    }
    // Signed in, /login goes on to the projects, offline too.
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Projects', exact: true }).waitFor();
    expect(pathOf(page)).toBe('/projects');
    await expectNoRawKeys(page);
  });

  it('offline, the other language, the public pages and the legal texts still open', async () => {
    await page.getByTestId('language-es').click();
    await page.getByTestId('menu-open').getByText('Menú', { exact: true }).waitFor();
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contacto' }).waitFor();
    await page.goto('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    await expectNoRawKeys(page);
  });

  it('offline, sign-in says that it needs a connection', async () => {
    await page.getByTestId('language-en').click();
    await page.goto('/projects');
    await page.getByTestId('settings').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByTestId('login-form').waitFor();
    await page.getByLabel('User').fill('marta');
    await page.getByLabel('Password', { exact: true }).fill('whatever-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signing in needs a connection').waitFor();
  });
});
