// The app opened the way a tablet on the site's network opens it at first: plain HTTP at the server's
// name, not localhost (karbontrack.test, mapped to 127.0.0.1 inside Chromium). The page is not a secure
// context, so the app must still load (no upgrade-insecure-requests sending its scripts to an HTTPS
// port nobody serves) and say, before its first screen, that installing and offline work need HTTPS.
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { createRunProject, localRows, waitFor } from './projects-support';
import { expectNoRawKeys, openSection, signIn } from './support/app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/browser';
import { startAppServer } from './support/server';
import { PHOTOS } from './support/sync';

const HOST = 'karbontrack.test';
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
let server: TestServer;
let browser: Browser;
let siteUrl = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startAppServer(),
    chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
      headless: true,
    }),
  ]);
  siteUrl = `http://${HOST}:${new URL(server.url).port}`;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const SIZES = [
  { width: 360, height: 740, language: 'en', touch: true },
  { width: 768, height: 1024, language: 'es', touch: true },
  { width: 1024, height: 768, language: 'es', touch: false },
  { width: 1366, height: 768, language: 'en', touch: false },
] as const;
const WORDS = {
  en: { title: 'Not a secure address: no offline work here', button: 'Sign in' },
  es: { title: 'Dirección no segura: aquí no se trabaja sin conexión', button: 'Entrar' },
};

describe('the app at a plain-HTTP address other than localhost', () => {
  it.each(SIZES)(
    'shows the sign-in form and says HTTPS is needed offline ($width px, $language)',
    async (size) => {
      const context = await browser.newContext({
        baseURL: siteUrl,
        viewport: { width: size.width, height: size.height },
        hasTouch: size.touch,
        isMobile: size.touch,
      });
      try {
        await context.addInitScript((language) => localStorage.setItem('language', language), size.language);
        const page = await context.newPage();
        const failed: string[] = [];
        page.on('requestfailed', (request) => failed.push(request.url()));
        await page.goto('/login');
        await page.getByTestId('login-form').waitFor({ timeout: 60_000 });
        expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
        const notice = page.getByTestId('insecure-notice');
        await expect.poll(() => notice.textContent()).toContain(WORDS[size.language].title);
        expect(await notice.textContent()).toContain(`${HOST}:`);
        await page.getByRole('button', { name: WORDS[size.language].button }).waitFor();
        // Every script and style came over HTTP from the page's own address; none was upgraded away.
        expect(failed).toEqual([]);
        await expectNoRawKeys(page);
        if (SCREENSHOTS)
          await page.screenshot({
            path: `${SCREENSHOTS}/insecure-${size.width}-${size.language}.png`,
            fullPage: true,
          });
      } finally {
        await context.close();
      }
    },
  );

  it('signs in and works online there; at localhost the notice is not shown', async () => {
    const insecure = await browser.newContext({ baseURL: siteUrl, viewport: { width: 1024, height: 768 } });
    const secure = await browser.newContext({ baseURL: server.url, viewport: { width: 1024, height: 768 } });
    try {
      const page = await insecure.newPage();
      await page.goto('/login');
      await signIn(page);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(new URL(page.url()).host).toBe(new URL(siteUrl).host);

      const local = await secure.newPage();
      await local.goto('/login');
      await local.getByTestId('login-form').waitFor({ timeout: 60_000 });
      expect(await local.evaluate(() => window.isSecureContext)).toBe(true);
      expect(await local.getByTestId('insecure-notice').count()).toBe(0);
    } finally {
      await insecure.close();
      await secure.close();
    }
  });

  it('takes a photo there: kept on the device with its SHA-256 and uploaded (no crypto.subtle)', async () => {
    const project = await createRunProject(server, 'IN', 'Insecure photo');
    const context = await browser.newContext({ baseURL: siteUrl, viewport: { width: 768, height: 1024 } });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await signIn(page);
      // Outside a secure context the browser gives no crypto.subtle: the hash must not need it.
      expect(await page.evaluate(() => typeof globalThis.crypto?.subtle)).toBe('undefined');
      await page.goto(`/project/${project.id}`);
      await page.getByRole('heading', { level: 1, name: project.name }).waitFor({ timeout: 60_000 });
      await openSection(page, 'files');
      const gallery = page.getByTestId('section-gallery');
      await gallery.getByTestId('gallery-add').click();
      const dialog = page.getByRole('dialog', { name: 'Add photos' });
      await dialog.getByTestId('photo-file-input').setInputFiles(PHOTOS[0]);
      await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
      await gallery.getByTestId('photo-thumb-img').first().waitFor();
      const [kept] = (await localRows(page, 'blobs')) as Array<{ id: string; sha256: string }>;
      expect(kept?.sha256).toMatch(/^[0-9a-f]{64}$/);
      // The server hashes what it received itself: the same bytes, the same hash.
      const stored = () => server.query('select sha256 from attachment where id = $1', [kept?.id]);
      await waitFor('the photo on the server', async () => (await stored()).length === 1, 60_000);
      expect((await stored())[0]?.sha256).toBe(kept?.sha256);
    } finally {
      await context.close();
    }
  });
});
