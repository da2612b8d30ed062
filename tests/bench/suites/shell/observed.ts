import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { newContext } from '../../../e2e/support/browser';

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

export interface Session {
  username: string;
  token: string;
  user: unknown;
}

/**
 * What a first visit to a screen really loads: every same-origin JS and CSS file Chromium requests until
 * the screen's heading shows and the network is idle, weighed gzipped (zlib level 6) from the build.
 */
export async function observedWeight(
  browser: Browser,
  url: string,
  distDir: string,
  path: string,
  session?: Session,
): Promise<{ files: string[]; gzipBytes: number; workerBytes: number; workerClosureBytes: number }> {
  const context = await newContext(browser, url, { width: 1024, height: 768 });
  if (session) {
    await context.addInitScript((stored) => {
      localStorage.setItem('username', stored.username);
      localStorage.setItem('token', stored.token);
      localStorage.setItem('user', JSON.stringify(stored.user));
    }, session);
  }
  const page = await context.newPage();
  const files = new Set<string>();
  // Dedicated workers' scripts (the sync engine's pull worker) are counted, and also named apart.
  const workers = new Set<string>();
  page.on('worker', (worker) => workers.add(new URL(worker.url()).pathname));
  let lastAsset = Date.now();
  page.on('request', (request) => {
    const address = new URL(request.url());
    if (address.origin === new URL(url).origin && /\.(js|css)$/.test(address.pathname)) {
      files.add(address.pathname);
      lastAsset = Date.now();
    }
  });
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  // Until no script or style has been asked for a second ('networkidle' never comes since the live
  // notices keep a stream open; the code preloaded once the screen has settled, 3 s on, is not counted).
  while (Date.now() - lastAsset < 1000) await page.waitForTimeout(100);
  await context.close();
  // A worker's script imports chunks the page shares (./bundle.ts's manifest): all count, once, even
  // if one of the worker's requests went unseen.
  const closure = workerClosure(distDir, workers);
  for (const file of closure) files.add(file);
  const list = [...files].filter((file) => file !== '/sw.js').sort();
  let gzipBytes = 0;
  let workerBytes = 0;
  let workerClosureBytes = 0;
  for (const file of list) {
    const onDisk = join(distDir, file);
    if (!existsSync(onDisk)) continue;
    const size = gzipSync(readFileSync(onDisk), { level: 6 }).length;
    gzipBytes += size;
    if (workers.has(file)) workerBytes += size;
    if (closure.has(file)) workerClosureBytes += size;
  }
  return { files: list, gzipBytes, workerBytes, workerClosureBytes };
}
