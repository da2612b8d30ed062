// Accessibility and stored XSS over every screen and modal of the spec, in real Chromium (issue 9):
// axe-core finds no serious or critical violation, and text fields holding HTML and script payloads
// (created over the API) show as typed, with no script run, no markup made of them and no dialog.
// One walker does both checks, in English and in Spanish.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { waitForServiceWorker } from './projects-support';
import { Auditor, PAYLOADS } from './support/audit';
import { launchBrowser, newContext } from './support/browser';
import { ADMIN, ensureAdmin, seedHostile } from './support/hostile';
import { type Language, labels } from './support/labels';
import { PASSWORD, startAppServer } from './support/server';
import { waitForFirstSync } from './support/sync';
import type { Walk } from './support/walk';
import { walkSignedIn } from './support/walk-more';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  await ensureAdmin(server);
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

// English on a wide screen, Spanish on a tablet in portrait (tables scroll sideways, the frame is narrow).
const VIEWPORTS = { en: { width: 1280, height: 900 }, es: { width: 768, height: 1024 } };

async function open(language: Language, audit: Auditor): Promise<Page> {
  const context = await newContext(browser, server.url, VIEWPORTS[language]);
  contexts.push(context);
  await context.addInitScript((language) => localStorage.setItem('language', language), language);
  audit.watch(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

async function signIn(page: Page, language: Language): Promise<void> {
  const t = labels(language);
  await page.goto('/login');
  await page.getByLabel(t('auth:login.user'), { exact: true }).fill(ADMIN);
  await page.getByLabel(t('auth:login.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
  await page.getByTestId('user-bar').waitFor();
}

function expectClean(audit: Auditor, stops: number): void {
  const report = audit.report();
  console.log(`a11y: ${audit.visited.length} stops checked (axe and XSS probe)`);
  if (report) console.log(report);
  expect(audit.visited.length).toBeGreaterThanOrEqual(stops);
  expect(report, 'axe serious/critical violations and XSS findings').toBe('');
}

describe('accessibility and stored XSS', () => {
  it('public screens in English and Spanish: no serious or critical axe violation', async () => {
    const audit = new Auditor();
    for (const language of ['en', 'es'] as const) {
      const page = await open(language, audit);
      for (const path of [
        '/',
        '/contact',
        '/terms-conditions',
        '/privacy-policy',
        '/login',
        '/no/such/page',
      ]) {
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
        await audit.check(page, `${path} (${language})`);
      }
    }
    // States with messages: a refused sign-in, a contact form sent empty.
    const t = labels('en');
    const page = await open('en', audit);
    await page.goto('/login');
    await page.getByLabel(t('auth:login.user'), { exact: true }).fill('nobody');
    await page.getByLabel(t('auth:login.password'), { exact: true }).fill('Wrong-Pass-42');
    await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
    await page.getByTestId('login-failure').waitFor();
    await audit.check(page, '/login refused');
    await page.goto('/contact');
    await page.getByRole('button', { name: t('public:contact.send'), exact: true }).click();
    await page.locator('main [aria-invalid="true"]').first().waitFor();
    await audit.check(page, '/contact with errors');
    expectClean(audit, 14);
  });

  it('the probe itself: a payload made into markup, or text not shown, is reported', async () => {
    const audit = new Auditor();
    const page = await open('en', audit);
    await page.goto('/no/such/page');
    await page.locator('main h1').first().waitFor();
    await page.evaluate(
      (html) => document.querySelector('main')?.insertAdjacentHTML('beforeend', html),
      PAYLOADS.img,
    );
    await audit.check(page, 'planted', ['text nobody typed']);
    expect(audit.xss.join('\n')).toContain('<img onerror=');
    expect(audit.xss.join('\n')).toContain('"text nobody typed" is not shown as typed');
  });

  for (const language of ['en', 'es'] as const)
    it(`every signed-in screen and modal in ${language === 'en' ? 'English' : 'Spanish'}: no axe violation, payloads shown as typed`, async () => {
      const data = await seedHostile(server);
      const audit = new Auditor();
      const page = await open(language, audit);
      await signIn(page, language);
      await waitForServiceWorker(page);
      await waitForFirstSync(page);
      const walk: Walk = { page, audit, t: labels(language), data };
      await walkSignedIn(walk);
      expectClean(audit, 30);
    }, 300_000);
});
