// Every screen and modal fits the devices it is used on (issue 15): the walker of a11y.test.ts (./support/
// walk.ts) goes through the signed-in screens, and the public ones are visited signed out, on a phone (360
// x 740), a tablet in portrait (768 x 1024) and in landscape (1024 x 768), all three touch screens, and a
// desk (1366 x 768), each in Spanish and in English. Each stop fails on a page wider than the window, a visible control outside it, a
// label cut by its box, a touch target under 44 px (touch screens), a UUID, ISO timestamp or raw key in
// the text or in a field, an English reference name on a Spanish screen (./support/layout-check.ts). A
// screenshot of each stop is saved under .tmp/e2e-artifacts/layout/<language>-<width>/.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { waitForServiceWorker } from './projects-support';
import { launchBrowser } from './support/browser';
import { ADMIN, ensureAdmin, seedHostile } from './support/hostile';
import { type Language, labels } from './support/labels';
import { LayoutChecker } from './support/layout-check';
import { PASSWORD, startAppServer } from './support/server';
import { waitForFirstSync } from './support/sync';
import type { Walk } from './support/walk';
import { walkSignedIn } from './support/walk-more';

let server: TestServer;
let browser: Browser;
let english: string[] = [];
const contexts: BrowserContext[] = [];

// The reference lists with a Spanish name beside the English one (migration 0020).
const TRANSLATED = [
  ['country', 'name'],
  ['commodity', 'name'],
  ['port', 'name'],
  ['project_status', 'name'],
  ['report_status', 'description'],
  ['project_activity', 'name'],
  ['event', 'description'],
  ['crane_type', 'name'],
  ['incidence_status', 'name'],
  ['incidence_type', 'name'],
] as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  await ensureAdmin(server);
  for (const [table, column] of TRANSLATED) {
    const rows = await server.query(
      `SELECT ${column} AS en FROM ${table} WHERE ${column}_es IS NOT NULL AND lower(${column}_es) <> lower(${column})`,
    );
    for (const row of rows) if (typeof row.en === 'string' && row.en.length >= 4) english.push(row.en);
  }
  english = [...new Set(english)];
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

const PHONE = { width: 360, height: 740 };
const PORTRAIT = { width: 768, height: 1024 };
const LANDSCAPE = { width: 1024, height: 768 };
const DESK = { width: 1366, height: 768 };
type Size = typeof PHONE;

const PUBLIC = ['/', '/contact', '/terms-conditions', '/privacy-policy', '/login', '/no/such/page'];

// Every size in both languages. The two languages walk side by side, each in one signed-in device turned
// from size to size (a new one for the desk, which has no touch screen): about 70 s a size on CI.
const CHAINS: { language: Language; devices: { touch: boolean; sizes: Size[] }[] }[] = [
  {
    language: 'es',
    devices: [
      { touch: true, sizes: [PHONE, PORTRAIT, LANDSCAPE] },
      { touch: false, sizes: [DESK] },
    ],
  },
  {
    language: 'en',
    devices: [
      { touch: true, sizes: [PHONE, PORTRAIT, LANDSCAPE] },
      { touch: false, sizes: [DESK] },
    ],
  },
];

async function newPage(language: Language, size: Size, touch: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: size,
    hasTouch: touch,
    isMobile: touch,
    serviceWorkers: 'allow',
  });
  contexts.push(context);
  await context.addInitScript((language) => localStorage.setItem('language', language), language);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

async function signIn(page: Page, t: Walk['t']): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(t('auth:login.user'), { exact: true }).fill(ADMIN);
  await page.getByLabel(t('auth:login.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
  await page.getByTestId('user-bar').waitFor();
  await waitForServiceWorker(page);
  await waitForFirstSync(page);
}

describe.concurrent('layout walk', () => {
  for (const { language, devices } of CHAINS)
    it(`every screen and modal in ${language === 'en' ? 'English' : 'Spanish'} at ${devices
      .flatMap(({ touch, sizes }) =>
        sizes.map((size) => `${size.width} x ${size.height}${touch ? ' (touch)' : ''}`),
      )
      .join(', ')}`, async ({ expect }) => {
      // The test's own expect: the two languages run concurrently, and the global one follows one test.
      const t = labels(language);
      const data = await seedHostile(server);
      const findings: string[] = [];
      for (const { touch, sizes } of devices) {
        const guest = await newPage(language, sizes[0], touch);
        const page = await newPage(language, sizes[0], touch);
        await signIn(page, t);
        for (const size of sizes) {
          const started = Date.now();
          const checker = new LayoutChecker({
            name: `${language}-${size.width}`,
            touch,
            english: language === 'es' ? english : [],
          });
          await guest.setViewportSize(size);
          for (const path of PUBLIC) {
            await guest.goto(path);
            await guest.locator('main h1').first().waitFor();
            await checker.check(guest, `signed out ${path}`);
          }
          await page.setViewportSize(size);
          const walk: Walk = { page, audit: checker, t, data };
          try {
            await walkSignedIn(walk);
          } catch (error) {
            // Where the walk stood: a timeout alone names the locator, not the screen it was on.
            const last = checker.visited.at(-1) ?? 'none yet';
            await page.screenshot({ path: checker.failurePath(), fullPage: true }).catch(() => undefined);
            throw new Error(
              `layout ${language}-${size.width}: failed after stop ${checker.visited.length} (${last}), at ${page.url()}: ${(error as Error).message}`,
              { cause: error },
            );
          }
          console.log(
            `layout ${language}-${size.width}: ${checker.visited.length} stops in ${Math.round((Date.now() - started) / 1000)} s, ${Math.round(checker.checkMs / 1000)} s of it in the checks`,
          );
          expect(checker.visited.length).toBeGreaterThanOrEqual(40);
          findings.push(...checker.findings);
        }
      }
      expect(findings.join('\n'), 'layout findings').toBe('');
    }, 600_000);
});
