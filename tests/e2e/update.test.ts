import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { smallTargets } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { E2E_DIST } from './support/paths';

let server: TestServer;
let browser: Browser;
// A copy of the build this test can change without touching the other tests' build.
const dist = mkdtempSync(join(tmpdir(), 'kt-update-'));

beforeAll(async () => {
  cpSync(E2E_DIST, dist, { recursive: true });
  [server, browser] = await Promise.all([startTestServer({ staticDir: dist }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('a new version', () => {
  it('is announced with a reload prompt, waits for the user, and takes over only on Reload', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // Deploy: the service worker file changes on the server.
    appendFileSync(join(dist, 'sw.js'), '\n// next version\n');
    // A real build writes its compressed copies again; here they would still hold the old version.
    for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(join(dist, copy), { force: true });
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await page.getByTestId('update-prompt').waitFor();
    expect(await smallTargets(page, '[data-testid="update-prompt"]', true)).toEqual([]);

    // Not forced: the new version waits while the user keeps working.
    await page.waitForTimeout(1000);
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(true);
    await page.getByRole('link', { name: 'Contact' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    expect(await page.getByTestId('update-prompt').isVisible()).toBe(true);

    // "Later" puts it away; a plain reload does not force the new version either, and says it again.
    await page.getByRole('button', { name: 'Later' }).click();
    await page.getByTestId('update-prompt').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    await page.getByTestId('update-prompt').waitFor();
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(true);

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: Boolean(registration?.waiting),
        controller: navigator.serviceWorker.controller?.scriptURL,
      };
    });
    expect(after).toEqual({ waiting: false, controller: firstWorker });
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
    await context.close();
  });
});
