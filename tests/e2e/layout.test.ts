import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { expectNoRawKeys, navigate, pathOf, signIn, smallTargets, waitForScreen } from './support/app';
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

const activeEntry = (page: Page) =>
  page.getByTestId('sidebar').locator('[aria-current="page"]').textContent();

describe('layout', () => {
  it('shows the sidebar and user bar only when signed in; the active entry follows the route', async () => {
    await page.goto('/');
    await page.getByTestId('public-header').waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    expect(await page.getByTestId('user-bar').count()).toBe(0);
    expect(await page.getByTestId('footer').textContent()).toContain(`© ${new Date().getFullYear()} `);

    await page.goto('/login');
    await signIn(page);
    expect(await activeEntry(page)).toBe('Projects');
    await navigate(page, 'Container reports');
    await page.waitForURL('**/reports');
    await page.getByRole('heading', { level: 1, name: 'Container reports', exact: true }).waitFor();
    expect(await activeEntry(page)).toBe('Container reports');
    await page.goto('/report');
    await waitForScreen(page);
    expect(await activeEntry(page)).toBe('Container reports');
    await page.goto('/project/p1/hand/h1');
    await waitForScreen(page);
    expect(await activeEntry(page)).toBe('Projects');
    expect(await page.getByTestId('footer').textContent()).toContain(`© ${new Date().getFullYear()} `);
    await expectNoRawKeys(page);
  });

  it('collapses and expands the sidebar, switching logos, and remembers it', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/login');
    await signIn(page);
    await page.getByTestId('logo-large').waitFor();
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('logo-small').waitFor();
    expect(await page.getByTestId('logo-large').count()).toBe(0);
    // The sidebar narrows to its icon rail (after a short transition).
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width ?? 999) < 100,
    );

    await page.reload();
    await page.getByTestId('logo-small').waitFor();
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('logo-large').waitFor();
    const logo = await page
      .getByTestId('logo-large')
      .evaluate((image) => (image as HTMLImageElement).naturalWidth);
    expect(logo).toBeGreaterThan(0);
  });

  it('switches the language, keeps it under `language` across a reload', async () => {
    await page.goto('/login');
    await signIn(page);
    await page.getByTestId('language-es').click();
    await page.getByRole('heading', { level: 1, name: 'Proyectos', exact: true }).waitFor();
    expect(await page.getByTestId('menu-open').textContent()).toBe('Menú');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');
    await page.reload();
    await page.getByTestId('welcome').waitFor();
    expect(await page.getByTestId('welcome').textContent()).toBe('Bienvenido, Marta Ruiz');
    await page.getByRole('heading', { level: 1, name: 'Proyectos', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expectNoRawKeys(page);
    await page.getByTestId('language-en').click();
    await page.getByTestId('welcome').getByText('Welcome, Marta Ruiz').waitFor();
  });

  it('shows a real not-found page for unknown addresses, and says so for records that are not there', async () => {
    for (const path of [
      '/no/such/page',
      '/projects/0190a1b2-0000-7000-8000-00000000dead',
      '/contact/x/y?z=1',
    ]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await page.getByTestId('not-found').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe('Page not found');
      expect(await page.title(), path).toBe('Page not found · Karbontrack');
      // Anonymous: the public frame, no sidebar nor user bar.
      expect(await page.getByTestId('sidebar').count(), path).toBe(0);
      expect(await page.getByTestId('welcome').count(), path).toBe(0);
      await expectNoRawKeys(page);
    }
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    // Signed in: the not-found page inside the app frame (sidebar, user bar), with the way back to the projects.
    await signIn(page);
    for (const path of ['/no/such/page', '/projects/0190a1b2-0000-7000-8000-00000000dead']) {
      await page.goto(path);
      await page.getByTestId('not-found').waitFor();
      await page.getByTestId('user-bar').waitFor();
      expect(await page.getByTestId('welcome').textContent(), path).toBe('Welcome, Marta Ruiz');
      expect(await page.title(), path).toBe('Page not found · Karbontrack');
    }
    await page.getByTestId('language-es').click();
    await page.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor();
    await expectNoRawKeys(page);
    await page.getByRole('link', { name: 'Volver a los proyectos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Proyectos', exact: true }).waitFor();
    expect(await pathOf(page)).toBe('/projects');
    await page.getByTestId('language-en').click();
    await page.getByRole('heading', { level: 1, name: 'Projects', exact: true }).waitFor();
    // A project, report or hand that is not on the device: a message, not a spinner forever.
    const unknown = '0190a1b2-0000-7000-8000-00000000dead';
    for (const [path, testId] of [
      [`/project/${unknown}`, 'project-missing'],
      [`/report/${unknown}`, 'report-missing'],
      [`/project/${unknown}/hand/${unknown}`, 'hand-missing'],
    ]) {
      await page.goto(path);
      await page.getByTestId(testId).waitFor();
      expect(await page.getByTestId(testId).textContent()).toContain('not on this device');
    }
    await expectNoRawKeys(page);
  });

  it('names the screen in the window title and sets <html lang>, both following the language', async () => {
    const titles = [
      ['/', 'Karbontrack', 'Karbontrack'],
      ['/contact', 'Contact · Karbontrack', 'Contacto · Karbontrack'],
      ['/terms-conditions', 'Terms and conditions · Karbontrack', 'Aviso legal · Karbontrack'],
      ['/privacy-policy', 'Privacy policy · Karbontrack', 'Política de privacidad · Karbontrack'],
      ['/login', 'Sign in · Karbontrack', 'Iniciar sesión · Karbontrack'],
    ];
    for (const [path, en, es] of titles) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction((title) => document.title === title, en);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.getByTestId('language-es').click();
      // No reload: a screen reader reads the new language at once.
      await page.waitForFunction((title) => document.title === title, es);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      await page.getByTestId('language-en').click();
      await page.waitForFunction((title) => document.title === title, en);
    }
    await signIn(page);
    await page.waitForFunction(() => document.title === 'Projects · Karbontrack');
    await page.getByTestId('language-es').click();
    await page.waitForFunction(() => document.title === 'Proyectos · Karbontrack');
    await navigate(page, 'Informes de contenedores');
    await page.waitForFunction(() => document.title === 'Informes de contenedores · Karbontrack');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  });

  it('shows date pickers in the interface language and dates as dd/MM/yyyy', async () => {
    await signIn(page);
    const today = new Date();
    for (const [language, filters, dialogName, label] of [
      ['en', 'Filters', 'Filter projects', 'Initial date after'],
      ['es', 'Filtros', 'Filtrar proyectos', 'Fecha inicial desde'],
    ]) {
      await page.getByTestId(`language-${language}`).click();
      await page.getByRole('button', { name: filters, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.getByLabel(label).click();
      // The calendar opens on this month, named in the interface language ("noviembre 2026").
      const month = new Intl.DateTimeFormat(language, { month: 'long' }).format(today);
      const header = page.locator('.mantine-DateInput-calendarHeaderLevel, [class*="calendarHeaderLevel"]');
      await header.first().waitFor();
      expect((await header.first().textContent())?.toLowerCase()).toBe(
        `${month} ${today.getFullYear()}`.toLowerCase(),
      );
      const weekday = new Intl.DateTimeFormat(language, { weekday: 'short' })
        .format(new Date(2026, 10, 16)) // a Monday: the week starts on Monday in both
        .replace('.', '')
        .slice(0, 2)
        .toLowerCase();
      const firstWeekday = await page.locator('th[class*="weekday"]').first().textContent();
      expect(firstWeekday?.toLowerCase()).toBe(weekday);
      // The 15th of the month shown: the input then reads 15/MM/yyyy.
      await page.locator('button[class*="-day"]:not([data-outside])', { hasText: /^15$/ }).click();
      const shown = `15/${String(today.getMonth() + 1).padStart(2, '0')}/${today.getFullYear()}`;
      await expect.poll(() => dialog.getByLabel(label).inputValue()).toBe(shown);
      await dialog.getByRole('button', { name: language === 'es' ? 'Restablecer' : 'Reset' }).click();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await expectNoRawKeys(page);
  });

  it('scrolls to the top on navigation', async () => {
    await page.setViewportSize({ width: 768, height: 400 });
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { name: 'Privacy policy' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('link', { name: 'Contact' }).first().click();
    await page.waitForURL('**/contact');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('keeps the frame touch targets at least 44 px high and fits a 768 px wide screen', async () => {
    for (const path of ['/', '/login', '/contact', '/terms-conditions', '/privacy-policy', '/no/such/page']) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      expect(await smallTargets(page, 'body'), path).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(768);
    }
    await signIn(page);
    expect(await smallTargets(page, '[data-testid="user-bar"]', true), 'top bar').toEqual([]);
    await page.getByTestId('menu-open').click();
    await page.getByTestId('menu-close').waitFor();
    expect(await smallTargets(page, '[data-testid="sidebar"]', true), 'navigation drawer').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('sidebar').waitFor({ state: 'hidden' });
    await page.getByTestId('settings').click();
    await page.getByRole('menuitem').first().waitFor();
    const items = await page
      .getByRole('menuitem')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).offsetHeight));
    expect(items.length).toBeGreaterThan(0);
    for (const height of items) expect(height).toBeGreaterThanOrEqual(44);
    // The user bar ends inside the window: the frame itself never makes the page scroll sideways.
    const userBarRight = await page
      .getByTestId('user-bar')
      .evaluate((bar) => bar.getBoundingClientRect().right);
    expect(userBarRight).toBeLessThanOrEqual(768);
    expect(pathOf(page)).toBe('/projects');
    // On a desk the navigation is a column; folded to its icons, its entries stay as easy to hit.
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('menu-open').count()).toBe(0);
    expect(await smallTargets(page, '[data-testid="sidebar"]'), 'sidebar').toEqual([]);
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('logo-small').waitFor();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width ?? 999) < 100,
    );
    expect(await smallTargets(page, '[data-testid="sidebar"]', true), 'folded sidebar').toEqual([]);
  });

  for (const [width, height] of [
    [360, 740],
    [768, 1024],
  ])
    it(`below 1024 px the navigation is a drawer: opened by Menu, closed by Escape, a tap outside or an entry (${width} px)`, async () => {
      const touch = await browser.newContext({
        baseURL: server.url,
        viewport: { width, height },
        hasTouch: true,
        isMobile: true,
      });
      try {
        const phone = await touch.newPage();
        await signIn(phone);
        await phone.getByRole('heading', { level: 1, name: 'Projects', exact: true }).waitFor();
        // Closed: no column beside the screen, nothing of it reachable.
        expect(await phone.getByTestId('sidebar').isVisible()).toBe(false);
        expect(await phone.getByTestId('sidebar-toggle').count()).toBe(0);
        const main = await phone.locator('main').evaluate((node) => node.getBoundingClientRect().left);
        expect(main).toBe(0);
        const menu = phone.getByTestId('menu-open');
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
        await menu.tap();
        await phone.getByTestId('sidebar').waitFor();
        expect(await menu.getAttribute('aria-expanded')).toBe('true');
        // The close button has the focus; Escape closes and gives it back to Menu.
        await expect
          .poll(() => phone.evaluate(() => document.activeElement?.getAttribute('data-testid')))
          .toBe('menu-close');
        await phone.keyboard.press('Escape');
        await phone.getByTestId('sidebar').waitFor({ state: 'hidden' });
        await expect
          .poll(() => phone.evaluate(() => document.activeElement?.getAttribute('data-testid')))
          .toBe('menu-open');
        // A tap beside the drawer closes it.
        await menu.tap();
        await phone.getByTestId('sidebar').waitFor();
        await phone.touchscreen.tap(width - 10, height / 2);
        await phone.getByTestId('sidebar').waitFor({ state: 'hidden' });
        // An entry goes there and closes the drawer.
        await menu.tap();
        await phone.getByTestId('sidebar').getByRole('link', { name: 'Container reports' }).tap();
        await phone.getByRole('heading', { level: 1, name: 'Container reports', exact: true }).waitFor();
        await phone.getByTestId('sidebar').waitFor({ state: 'hidden' });
        expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await smallTargets(phone, '[data-testid="user-bar"]', true)).toEqual([]);
      } finally {
        await touch.close();
      }
    });

  it('offers installing on this tablet where the browser allows it, once', async () => {
    await page.goto('/login');
    await signIn(page);
    // What Chromium fires when the app can be installed (headless never does by itself).
    const offer = () =>
      page.evaluate(() => {
        const event = new Event('beforeinstallprompt', { cancelable: true });
        Object.assign(event, {
          prompt: async () => {
            document.documentElement.dataset.installPrompted = 'yes';
          },
          userChoice: Promise.resolve({ outcome: 'accepted' }),
        });
        window.dispatchEvent(event);
      });
    const heading = page.getByRole('heading', { level: 1, name: 'Projects', exact: true });
    await heading.waitFor();
    const before = await heading.boundingBox();
    await offer();
    const hint = page.getByTestId('install-hint');
    // Not under the screen already drawn: the list the user reaches for does not jump down (its code has
    // had time to come in: it loads as the offer arrives).
    await page.waitForTimeout(1000);
    expect(await hint.count()).toBe(0);
    expect(await heading.boundingBox()).toEqual(before);
    // It shows with the next screen the user opens, above it.
    await navigate(page, 'Container reports');
    await hint.getByText('Install Karbontrack on this tablet').waitFor();
    const reports = await page
      .getByRole('heading', { level: 1, name: 'Container reports', exact: true })
      .boundingBox();
    expect(reports?.y).toBeGreaterThan((await hint.boundingBox())?.y ?? Number.POSITIVE_INFINITY);
    // And stays when the user comes back to the screen where the offer came.
    await navigate(page, 'Projects');
    await heading.waitFor();
    expect(await hint.count()).toBe(1);
    expect(await smallTargets(page, '[data-testid="install-hint"]')).toEqual([]);
    await page.getByTestId('language-es').click();
    await hint.getByText('Instale Karbontrack en esta tableta').waitFor();
    await expectNoRawKeys(page);
    await hint.getByRole('button', { name: 'Instalar', exact: true }).click();
    await hint.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.dataset.installPrompted)).toBe('yes');
    // Answered: not offered again on this device, even when the browser offers it again.
    await page.reload();
    await waitForScreen(page);
    await offer();
    await page.getByTestId('language-en').click();
    await navigate(page, 'Container reports');
    await page.getByRole('heading', { level: 1, name: 'Container reports', exact: true }).waitFor();
    expect(await hint.count()).toBe(0);
  });

  it('opens the settings menu on the first tap even when its code arrives while the finger is down', async () => {
    // Its own context without the service worker, so the page's requests can be held.
    const held = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    try {
      const tablet = await held.newPage();
      await signIn(tablet);
      let release: (() => void) | undefined;
      const requested = new Promise<void>((asked) => {
        void tablet.route(/SettingsMenu-[^/]*\.js$/, (route) => {
          release = () => void route.continue();
          asked();
        });
      });
      // Pointing at the icon fetches the menu's code; it arrives between the press and the lift.
      await tablet.getByTestId('settings').hover();
      await requested;
      await tablet.mouse.down();
      const arrived = tablet.waitForResponse(/SettingsMenu-[^/]*\.js$/);
      release?.();
      await arrived;
      await tablet.evaluate(
        () =>
          new Promise((done) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100))),
          ),
      );
      await tablet.mouse.up();
      await tablet.getByRole('menuitem', { name: 'Log out' }).waitFor({ timeout: 5_000 });
    } finally {
      await held.close();
    }
  });
});
