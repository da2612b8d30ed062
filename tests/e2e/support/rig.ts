import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { TestServer } from '../../../server/testing';
import { launchBrowser, newContext } from './browser';
import { startAppServer } from './server';

export interface PagePerTest {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * The usual frame of a browser test file: one server (with Marta) and one browser for the file, a fresh
 * profile and page for each test. Read the fields inside the tests (they are set by the hooks).
 */
export function pagePerTest(): PagePerTest {
  const rig = {} as PagePerTest;
  beforeAll(async () => {
    [rig.server, rig.browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await rig.browser?.close();
    await rig.server?.close();
  });
  beforeEach(async () => {
    rig.context = await newContext(rig.browser, rig.server.url);
    rig.page = await rig.context.newPage();
  });
  afterEach(async () => {
    await rig.context?.close();
  });
  return rig;
}
