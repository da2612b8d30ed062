import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/first-start';
import { expectNoRawKeys, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { type StartedProduct, startProduct } from './support/product';

let product: StartedProduct;
let browser: Browser;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('the started product', () => {
  it('serves the app: the product page first, then a demo user signs in to the projects screen', async () => {
    const context = await newContext(browser, product.url, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('Karbontrack');
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    const demo = DEMO_USERS[1];
    await signIn(page, demo.username, demo.password);
    expect(await page.getByTestId('welcome').textContent()).toBe(
      `Welcome, ${demo.first_name} ${demo.last_name}`,
    );
    await expectNoRawKeys(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  // The start-up stylesheet is a preload the app turns into the stylesheet (src/app/styles/firstStyles.ts):
  // the first screen waits for it when it is slow, and draws anyway when it fails (offline, no cache).
  it('draws the first screen once the start-up stylesheet applies, and without it when it fails', async () => {
    const html = await (await fetch(`${product.url}/login`)).text();
    const href = /<link[^>]*href="([^"]+)"[^>]*data-first-styles/.exec(html)?.[1];
    expect(href, 'index.html names its start-up stylesheet').toBeTruthy();
    const context = await newContext(browser, product.url, { width: 768, height: 1024 });
    // Whether Mantine's variables applied at the moment the sign-in field first showed.
    await context.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        if (!document.querySelector('input[name="username"]')) return;
        const styled = getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-body');
        (window as unknown as { styledAtFirstDraw: boolean }).styledAtFirstDraw = styled.trim() !== '';
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const finished = (part: string) =>
      page.waitForEvent('requestfinished', { predicate: (request) => request.url().includes(part) });

    // Slow: held until the first screen's code and texts are in and ten frames have passed (without the
    // wait for styles the form would show by then).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${href}`, async (route) => {
      await held;
      await route.continue();
    });
    const loaded = Promise.all([finished('/assets/LoginPage-'), finished('/assets/common-')]);
    await page.goto('/login', { waitUntil: 'commit' });
    await loaded;
    await page.evaluate(async () => {
      for (let frame = 0; frame < 10; frame++) await new Promise((done) => requestAnimationFrame(done));
    });
    expect(await page.locator('input[name="username"]').count(), 'no unstyled form while styles load').toBe(
      0,
    );
    release();
    await page.locator('input[name="username"]').waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { styledAtFirstDraw: boolean }).styledAtFirstDraw),
    ).toBe(true);

    // Failing: the form still comes, and takes a name.
    await page.unroute(`**${href}`);
    await page.route(`**${href}`, (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('marta');
    expect(await page.locator('input[name="username"]').inputValue()).toBe('marta');
    await context.close();
  });
});
