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

async function fillContact(page: Page) {
  await page.getByLabel('Name').fill('Ana Puerto');
  await page.getByLabel('E-mail').fill('ana@estibas.example');
  await page.getByLabel('Phone').fill('+34 600 000 000');
  await page.getByLabel('Company').fill('Estibas del Levante');
  await page.getByLabel('Comments').fill('Two berths, coils and granite.');
}

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

  it('checks the contact form: required fields, e-mail form, terms', async () => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send' }).click();
    for (const message of [
      'Name must not be blank',
      'E-mail must not be blank',
      'Company must not be blank',
    ]) {
      await page.getByText(message).waitFor();
    }
    await page.getByText('Please, accept the Terms and conditions, and the Privacy Policy').waitFor();
    await page.getByLabel('E-mail').fill('ana@');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Enter a valid e-mail address').waitFor();
    expect(await server.query('select id from contact_request')).toEqual([]);
    await expectNoRawKeys(page);
  });

  it('sends a contact request: stored on the server, request_success shown', async () => {
    await page.goto('/contact');
    await fillContact(page);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('contact-success').waitFor();
    const rows = await server.query(
      'select name, email, company, product, language, accepted_terms from contact_request',
    );
    expect(rows).toEqual([
      {
        name: 'Ana Puerto',
        email: 'ana@estibas.example',
        company: 'Estibas del Levante',
        product: 'karbontrack',
        language: 'en',
        accepted_terms: true,
      },
    ]);
    expect(await page.getByLabel('Name').inputValue()).toBe('');
  });

  it('offline, says sending needs a connection and keeps what was typed', async () => {
    await page.goto('/contact');
    await fillContact(page);
    await page.getByRole('checkbox').check();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('contact-offline').waitFor();
    expect(await page.getByLabel('Company').inputValue()).toBe('Estibas del Levante');
    expect(await page.getByLabel('Comments').inputValue()).toBe('Two berths, coils and granite.');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('contact-success').waitFor();
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
      await expectNoRawKeys(page);

      await page.getByTestId('language-es').click();
      await page.getByRole('heading', { level: 1, name: es }).waitFor();
      const spanish = await page.locator('main').textContent();
      for (const words of esText) expect(spanish).toContain(words);
      await expectNoRawKeys(page);

      await page.getByTestId('back').click();
      await page.waitForURL('**/contact');
      expect(pathOf(page)).toBe('/contact');
    });
  }
});
