// The server upgraded under a tablet still on the previous app (issue 17): the app's sync requests carry
// another data version (the header rewritten on the way, as an older build would send it), the real server
// answers 409 app_outdated, and the app says to reload, with the changes it keeps; nothing is sent. Reload
// runs the current app, which sends what waited. 360, 768 (es), 1024 (es) and 1366 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { DATA_VERSION_HEADER } from '../../src/domain/data-version';
import { expectNoRawKeys, signIn, smallTargets } from './support/app';
import { launchBrowser } from './support/browser';
import { PASSWORD, startAppServer } from './support/server';
import { status, until } from './support/sync';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  // An office admin: they may open a vessel call on the tablet.
  await server.createUser({ username: 'ana', password: PASSWORD, role: 'admin' });
});

const stored = async (id: string | undefined) =>
  (await server.query('select name from project where id = $1', [id]))[0]?.name;
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const SIZES = [
  { width: 360, height: 740, language: 'en', touch: true, reload: false },
  { width: 768, height: 1024, language: 'es', touch: true, reload: false },
  { width: 1024, height: 768, language: 'es', touch: false, reload: false },
  { width: 1366, height: 768, language: 'en', touch: false, reload: true },
] as const;
const WORDS = {
  en: {
    title: 'The server was updated',
    kept: 'Your 1 change not sent yet stays on this device',
    reload: 'Reload',
  },
  es: {
    title: 'El servidor se ha actualizado',
    kept: 'Su 1 cambio sin enviar se conserva en este dispositivo',
    reload: 'Recargar',
  },
};

describe('a tablet on an older app than the server', () => {
  it.each(SIZES)('is told to reload and keeps its changes ($width px, $language)', async (size) => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: size.width, height: size.height },
      hasTouch: size.touch,
      isMobile: size.touch,
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      const older = (route: Parameters<Parameters<typeof page.route>[1]>[0]) =>
        route.continue({
          headers: { ...route.request().headers(), [DATA_VERSION_HEADER]: 'previous-release' },
        });
      await page.route('**/api/sync/**', older);
      await signIn(page, 'ana');
      if (size.language === 'es') {
        await page.evaluate(() => localStorage.setItem('language', 'es'));
        await page.reload();
      }
      const words = WORDS[size.language];
      const prompt = page.getByTestId('update-prompt');
      await expect.poll(() => prompt.getAttribute('data-outdated'), { timeout: 60_000 }).toBe('true');
      await until(
        async () => (await status(page)).phase === 'app-outdated',
        30_000,
        'the app-outdated phase',
      );
      const name = `Upgrade call ${size.width}`;
      const saved = await page.evaluate((record) => window.__karbontrack?.save('project', record), { name });
      await expect.poll(() => prompt.textContent()).toContain(words.kept);
      expect(await prompt.textContent()).toContain(words.title);
      await page.waitForTimeout(500);
      expect((await status(page)).pending).toBe(1);
      expect(await page.evaluate(async () => (await window.__karbontrack?.outboxCount()) ?? -1)).toBe(1);
      expect(await stored(saved?.id)).toBeUndefined();
      expect(await smallTargets(page, '[data-testid="update-prompt"]', size.touch)).toEqual([]);
      await page.getByTestId('sync-outdated').waitFor();
      // One change: in the singular in both languages.
      expect(await page.getByTestId('sync-pending').textContent()).toBe(
        size.language === 'es' ? '1 pendiente' : '1 pending',
      );
      await expectNoRawKeys(page);
      if (SCREENSHOTS)
        await page.screenshot({ path: `${SCREENSHOTS}/app-outdated-${size.width}-${size.language}.png` });

      if (size.reload) {
        // The new app: its requests go as they are.
        await page.unroute('**/api/sync/**', older);
        await Promise.all([
          page.waitForEvent('load'),
          prompt.getByRole('button', { name: words.reload }).click(),
        ]);
        // (The status starts at 0 pending before the reloaded app has counted: the server's copy says it.)
        await until(
          async () => (await stored(saved?.id)) === name,
          60_000,
          'the change sent after the reload',
        );
        // The test hooks arrive with the status bar's lazy chunk, after the sync engine has started: on
        // a loaded machine the change reached the server before the reloaded page had them.
        await page.waitForFunction(() => window.__karbontrack !== undefined, undefined, { timeout: 30_000 });
        await until(async () => (await status(page)).pending === 0, 30_000, 'an empty outbox');
        expect((await status(page)).phase).not.toBe('app-outdated');
        expect(await prompt.count()).toBe(0);
      }
    } finally {
      await context.close();
    }
  });
});
