import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/** The system Chromium (Debian package); never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Root on a closed network: without these flags Chromium stalls on refused connections.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `extraArgs`: a test's own flags (a fake camera, see tally-scan.test.ts). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}

/** A fresh profile (storage, service workers) aimed at the server; tablet-portrait size unless told. */
export function newContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = { width: 768, height: 1024 },
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, serviceWorkers: 'allow', acceptDownloads: true });
}
