import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser';
import type { StoredSession } from '../e2e/support/session';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Finding {
  id: string;
  title: string;
  score: number | null;
  display?: string;
}

export interface PageRun {
  scores: Record<Category, number>;
  /** Audits that cost points, per category (what to fix). */
  findings: Record<Category, Finding[]>;
  /** Lighthouse's whole report, kept for a closer look. */
  report: unknown;
}

/**
 * The Debian Chromium started by chrome-launcher (Lighthouse drives it over its debugging port) and the
 * same browser reached by playwright-core, which prepares each run: storage reset, the session put in.
 */
export interface AuditBrowser {
  chrome: LaunchedChrome;
  browser: Browser;
  close(): Promise<void>;
}

export async function openAuditBrowser(): Promise<AuditBrowser> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--disable-dev-shm-usage', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  return {
    chrome,
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      chrome.kill();
    },
  };
}

/** A page of the browser's default context (the one Lighthouse's tabs share storage with). */
export async function defaultPage(audit: AuditBrowser): Promise<Page> {
  const context = audit.browser.contexts()[0];
  if (!context) throw new Error('Chromium has no default context');
  return context.newPage();
}

/**
 * A cold visit: no HTTP cache, service worker, caches or IndexedDB of the origin; local storage holds the
 * session when one is given, nothing otherwise.
 */
export async function resetOrigin(
  audit: AuditBrowser,
  origin: string,
  session?: StoredSession,
): Promise<void> {
  const page = await defaultPage(audit);
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'cookies,file_systems,indexeddb,local_storage,service_workers,cache_storage,websql',
    });
    if (session) {
      // A same-origin file that runs no app code: the session goes in before the app ever starts.
      await page.goto(`${origin}/manifest.webmanifest`);
      await page.evaluate((stored) => {
        localStorage.setItem('username', stored.username);
        localStorage.setItem('token', stored.token);
        localStorage.setItem('user', JSON.stringify(stored.user));
      }, session);
      await cdp.send('Network.clearBrowserCache');
    }
  } finally {
    await page.close();
  }
}

/** One Lighthouse run of `url` with its default (mobile, simulated throttling) settings. */
export async function runLighthouse(audit: AuditBrowser, url: string): Promise<PageRun> {
  const result = await lighthouse(url, {
    port: audit.chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
    // resetOrigin did it, keeping the session in local storage.
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  const findings = {} as Record<Category, Finding[]>;
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    scores[category] = Math.round((entry?.score ?? 0) * 100);
    findings[category] = (entry?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 || category === 'performance')
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (item) =>
          item && item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== 'notApplicable',
      )
      .map((item) => ({ id: item.id, title: item.title, score: item.score, display: item.displayValue }));
  }
  return { scores, findings, report: lhr };
}
