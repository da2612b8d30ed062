import type { Browser } from 'playwright-core';
import { newContext } from '../../../e2e/support/browser';

// Records, inside the page, when the sign-in form first accepts input (its submit button is in the DOM
// and enabled), in ms since the navigation started.
const RECORD_FORM_READY = `
  (() => {
    const check = () => {
      const button = document.querySelector('[data-testid="login-form"] button[type="submit"]');
      const input = document.querySelector('[data-testid="login-form"] input[name="username"]');
      if (button && input && !button.disabled && window.__loginReadyAt === undefined) {
        window.__loginReadyAt = performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
  })();
`;

async function timeLogin(page: import('playwright-core').Page): Promise<number> {
  await page.goto('/login');
  await page.waitForFunction(() => (window as { __loginReadyAt?: number }).__loginReadyAt !== undefined);
  return page.evaluate(() => (window as unknown as { __loginReadyAt: number }).__loginReadyAt);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Time from navigation to a usable sign-in form: first visit (fresh profile, nothing cached) and repeat
 * visit (the service worker controls the page and serves the shell from its precache).
 */
export async function loginTimes(browser: Browser, url: string, runs: number) {
  const first: number[] = [];
  const repeat: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await newContext(browser, url, { width: 1024, height: 768 });
    await context.addInitScript(RECORD_FORM_READY);
    const page = await context.newPage();
    first.push(await timeLogin(page));
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    // Two repeat visits per profile; the second is the steady state of a tablet opening the app again.
    await timeLogin(page);
    repeat.push(await timeLogin(page));
    await context.close();
  }
  return { first: median(first), repeat: median(repeat), firstRuns: first, repeatRuns: repeat };
}
