// Browser side of the sync bench: a signed-in page of the e2e-hooks build, with a long-task observer
// installed before the app runs.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitForServiceWorker } from '../../../e2e/support/app';
import { newContext } from '../../../e2e/support/browser';

export const BENCH_PASSWORD = 'Bench-Quay-2026';

declare global {
  interface Window {
    __longTasks?: number[];
  }
}

export interface BenchPage {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function signedInPage(browser: Browser, url: string, username: string): Promise<BenchPage> {
  const context = await newContext(browser, url);
  // tsx compiles this file with esbuild's keepNames: functions passed to page.evaluate may call __name.
  await context.addInitScript('globalThis.__name = (target) => target;');
  await context.addInitScript(() => {
    window.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks?.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // no long-task timing in this browser
    }
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('User').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForFunction(() => window.__karbontrack?.ready() === true, undefined, { timeout: 60_000 });
  await page.waitForFunction(() => Boolean(window.__karbontrack?.status().last_pull_at), undefined, {
    timeout: 120_000,
  });
  // As on a tablet that has opened the app once: the service worker holds the app's code, so the replays,
  // which queue their changes offline, find the lazily loaded writes there (behind the delaying proxy the
  // page went offline before its precache was in, and the import of the writes failed).
  await waitForServiceWorker(page);
  return { context, page, close: () => context.close() };
}

/** Clears the long tasks seen so far. */
export const resetLongTasks = (page: Page) =>
  page.evaluate(() => {
    window.__longTasks = [];
  });

export const longestTask = (page: Page) =>
  page.evaluate(() => ({
    max: Math.max(0, ...(window.__longTasks ?? [])),
    count: window.__longTasks?.length ?? 0,
  }));
