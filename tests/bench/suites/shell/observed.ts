import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { SETTLE_MS } from '../../../../src/ui/preload';
import type { StoredSession } from '../../../e2e/support/session';

/** The workers' scripts and every chunk they import (static closure), from the build manifest. */
function workerClosure(distDir: string, workers: Set<string>): Set<string> {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  const closure = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || closure.has(`/${chunk.file}`)) return;
    closure.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const worker of workers) {
    const key = byFile.get(worker);
    if (key) visit(key);
    else closure.add(worker);
  }
  return closure;
}

/**
 * What a first visit to a screen really loads: every same-origin JS and CSS file Chromium requests until
 * the screen's heading shows and the network is idle, weighed gzipped (zlib level 6) from the build.
 * Signed in, what the page asks for once it has settled (src/ui/preload.ts) is weighed apart
 * (`afterwards`): the code a save needs offline (`preload`, src/app/pwa/offlineCode.ts, which starts
 * then) and the next screens' code. The rest is the first screen with its first sync.
 */
export async function observedWeight(
  browser: Browser,
  url: string,
  distDir: string,
  path: string,
  session?: StoredSession,
): Promise<{
  files: string[];
  gzipBytes: number;
  workerBytes: number;
  workerClosureBytes: number;
  preload: { files: string[]; gzipBytes: number };
  afterwards: { files: string[]; gzipBytes: number };
}> {
  // No service worker: its install downloads the whole app in the background once the screen has settled
  // (sw.js and its precache were never counted), and the requests it makes would be taken for the page's.
  // The page's own requests are the same either way, its registration's code included.
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 1024, height: 768 },
    serviceWorkers: 'block',
  });
  if (session) {
    await context.addInitScript((stored) => {
      localStorage.setItem('username', stored.username);
      localStorage.setItem('token', stored.token);
      localStorage.setItem('user', JSON.stringify(stored.user));
    }, session);
  }
  const page = await context.newPage();
  const files = new Set<string>();
  const askedAt = new Map<string, number>();
  // Dedicated workers' scripts (the sync engine's pull worker) are counted, and also named apart.
  const workers = new Set<string>();
  page.on('worker', (worker) => workers.add(new URL(worker.url()).pathname));
  let lastAsset = Date.now();
  page.on('request', (request) => {
    const address = new URL(request.url());
    if (address.origin === new URL(url).origin && /\.(js|css)$/.test(address.pathname)) {
      files.add(address.pathname);
      lastAsset = Date.now();
      if (!askedAt.has(address.pathname)) askedAt.set(address.pathname, lastAsset);
    }
  });
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  // Until no script or style has been asked for a second ('networkidle' never comes since the live
  // notices keep a stream open).
  // Signed in, until the offline code's preload has ended too (it starts once the page has settled).
  if (session) {
    await page.waitForFunction(
      () => ['ready', 'partial'].includes(document.documentElement.dataset.offlineCode ?? ''),
      null,
      {
        timeout: 60_000,
      },
    );
  }
  while (Date.now() - lastAsset < 1000) await page.waitForTimeout(100);
  // The page has settled (src/ui/preload.ts: load, SETTLE_MS more, then idle): what it asks for from
  // then on is background work (Date.now() of the page: the same clock as this process's).
  const settledAt = await page.evaluate((settleMs) => {
    const navigation = performance.getEntriesByType('navigation')[0] as
      | PerformanceNavigationTiming
      | undefined;
    return performance.timeOrigin + (navigation?.loadEventEnd ?? 0) + settleMs;
  }, SETTLE_MS);
  await context.close();
  // A worker's script imports chunks the page shares (./bundle.ts's manifest): all count, once, even
  // if one of the worker's requests went unseen.
  const closure = workerClosure(distDir, workers);
  for (const file of closure) files.add(file);
  const all = [...files].filter((file) => file !== '/sw.js').sort();
  // The offline code's files, as index.html lists them (code, styles, and each language's texts).
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const offlineCode = new Set(
    (/<meta name="karbontrack-offline-code" content="([^"]*)"/.exec(html)?.[1] ?? '')
      .split(' ')
      .map((entry) => entry.replace(/^[a-z]+:/, '')),
  );
  // Asked for once the page had settled: background, weighed apart; of it, the offline code's files are
  // the preload's.
  const background = (file: string) => !closure.has(file) && (askedAt.get(file) ?? 0) >= settledAt;
  const list = all.filter((file) => !background(file));
  const later = all.filter(background);
  const preloadList = later.filter((file) => offlineCode.has(file));
  const weigh = (file: string) => {
    const onDisk = join(distDir, file);
    return existsSync(onDisk) ? gzipSync(readFileSync(onDisk), { level: 6 }).length : 0;
  };
  let gzipBytes = 0;
  let workerBytes = 0;
  let workerClosureBytes = 0;
  for (const file of list) {
    const size = weigh(file);
    gzipBytes += size;
    if (workers.has(file)) workerBytes += size;
    if (closure.has(file)) workerClosureBytes += size;
  }
  const sum = (files: string[]) => files.reduce((total, file) => total + weigh(file), 0);
  const preload = { files: preloadList, gzipBytes: sum(preloadList) };
  const afterwards = { files: later, gzipBytes: sum(later) };
  return { files: list, gzipBytes, workerBytes, workerClosureBytes, preload, afterwards };
}
