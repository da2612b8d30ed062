import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PASSWORD } from './server';

export { openSection } from './sections';

/** Fails when the page asked i18next for a key no locale file holds, or shows text that looks like a key. */
export async function expectNoRawKeys(page: Page): Promise<void> {
  const missing = await page.evaluate(() => window.__missingTranslationKeys ?? []);
  expect(missing, 'translation keys missing from the locale files').toEqual([]);
  const keyLike = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/.test(text) || /^[a-z]+_[a-z_]+$/.test(text)) found.push(text);
    }
    return found;
  });
  expect(keyLike, 'text that looks like an untranslated key').toEqual([]);
}

/** Signs in through the form and waits for the signed-in frame. */
export async function signIn(page: Page, username = 'marta', password = PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('User').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-bar').waitFor();
}

/**
 * Follows an entry of the main navigation as a user does: below 1024 px wide it is in the drawer the top
 * bar's Menu button opens, wider it is the column beside the screen.
 */
export async function navigate(page: Page, name: string): Promise<void> {
  const menu = page.getByTestId('menu-open');
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId('sidebar').getByRole('link', { name, exact: true }).click();
}

/** The path, query and hash of the page's address. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Waits until a signed-in screen is shown in the app frame: its main heading is visible and it is not the
 * not-found page. Used where the screen's own title belongs to its feature and may change.
 */
export async function waitForScreen(page: Page): Promise<void> {
  await page.getByTestId('user-bar').waitFor();
  await page.locator('main h1').first().waitFor();
  expect(await page.getByTestId('not-found').count()).toBe(0);
}

/** Waits until the service worker is active, has precached the app and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
}

/**
 * The visible buttons, links and inputs inside `scope` (a CSS selector) less than 44 px high (or wide, with
 * `bothWays`): too small for a gloved finger on a tablet. Each as the start of its markup.
 */
export function smallTargets(page: Page, scope: string, bothWays = false): Promise<string[]> {
  return page.evaluate(
    ([selector, wide]) =>
      [...document.querySelectorAll(`${selector} button, ${selector} a, ${selector} input`)]
        .filter((node) => (node as HTMLElement).offsetParent !== null)
        // Layout sizes (offset*), not the drawn box: a menu or dialog still scaling in is not too small.
        .filter((node) => {
          const { offsetHeight, offsetWidth } = node as HTMLElement;
          return offsetHeight < 44 || (wide && offsetWidth < 44);
        })
        .map((node) => node.outerHTML.slice(0, 100)),
    [scope, bothWays] as const,
  );
}
