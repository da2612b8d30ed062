import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { expectNoRawKeys, pathOf } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { startAppServer } from './support/server';

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

describe('public area', () => {
  it('the product page tells what the product does and links to contact and login', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const text = await page.locator('main').textContent();
    for (const words of ['offline', 'ERP', 'report', 'tablet']) expect(text).toContain(words);
    await page.getByTestId('cta-contact').click();
    await page.waitForURL('**/contact');
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    await expectNoRawKeys(page);
  });

  it('offers the flyer as a real one-page PDF', async () => {
    await page.goto('/contact');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('flyer').click()]);
    expect(download.suggestedFilename()).toBe('karbontrack-flyer.pdf');
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1').match(/\/Type \/Page[^s]/g)).toHaveLength(1);
  });

  for (const { path, en, es, enText, esText } of [
    {
      path: '/terms-conditions',
      en: 'Terms and conditions',
      es: 'Aviso legal',
      enText: [
        'USER',
        'truthful',
        'password',
        'illegal',
        'without prior notice',
        'fraud',
        'viruses',
        'Spanish law',
      ],
      esText: [
        'USUARIO',
        'veraz',
        'contraseña',
        'ilegales',
        'sin previo aviso',
        'fraude',
        'virus',
        'ley española',
      ],
    },
    {
      path: '/privacy-policy',
      en: 'Privacy policy',
      es: 'Política de privacidad',
      enText: [
        'controller',
        'profile',
        'contract',
        'group',
        'portability',
        'identity document',
        'Cookies',
        'Embedded',
      ],
      esText: [
        'responsable',
        'perfil',
        'contrato',
        'grupo',
        'portabilidad',
        'documento de identidad',
        'Cookies',
        'incrustado',
      ],
    },
  ]) {
    it(`${path} shows the full text in English and Spanish, with a back button`, async () => {
      await page.goto('/contact');
      await page.getByRole('link', { name: en }).first().click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { level: 1, name: en }).waitFor();
      const english = await page.locator('main').textContent();
      for (const words of enText) expect(english).toContain(words);
      // Dates as dd/MM/yyyy here too, in both languages.
      expect(english).toContain('Last updated: 01/03/2021');
      await expectNoRawKeys(page);

      await page.getByTestId('language-es').click();
      await page.getByRole('heading', { level: 1, name: es }).waitFor();
      const spanish = await page.locator('main').textContent();
      for (const words of esText) expect(spanish).toContain(words);
      expect(spanish).toContain('Última actualización: 01/03/2021');
      await expectNoRawKeys(page);

      await page.getByTestId('back').click();
      await page.waitForURL('**/contact');
      expect(pathOf(page)).toBe('/contact');
    });

    it(`${path} opened directly: the back button goes to the product page, never off the site`, async () => {
      // A new tab (no history at all).
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: en }).waitFor();
      await page.getByTestId('back').click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByTestId('cta-contact').waitFor();

      // Reached from another site (a mail, a search): its page is in the tab's history, not ours.
      const other = await context.newPage();
      await other.goto('data:text/html,<h1>another site</h1>');
      await other.goto(`${server.url}${path}`);
      await other.getByRole('heading', { level: 1, name: en }).waitFor();
      await other.getByTestId('back').click();
      await other.waitForURL((url) => url.pathname === '/');
      expect(new URL(other.url()).origin).toBe(server.url);

      // Reached from one of our pages, then reloaded: back still returns there.
      await other.goto(`${server.url}/contact`);
      await other.getByRole('link', { name: en }).first().click();
      await other.getByRole('heading', { level: 1, name: en }).waitFor();
      await other.reload();
      await other.getByRole('heading', { level: 1, name: en }).waitFor();
      await other.getByTestId('back').click();
      await other.waitForURL('**/contact');
    });
  }
});
