import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { TestServer } from '../../../server/testing';
import { createRunProject } from '../projects-support';
import { signIn } from './app';
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
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshotOnFailure(rig.page, task.file.name, task.name);
    await rig.context?.close();
  });
  return rig;
}

/**
 * A failed test's page as it stood, in test-results/e2e/<file>/<test>.png (README: Development); the
 * path is printed beside the failure. Nothing when the page is gone.
 */
async function screenshotOnFailure(page: Page | undefined, file: string, test: string): Promise<void> {
  if (!page || page.isClosed()) return;
  const folder = join('test-results', 'e2e', basename(file, '.test.ts'));
  const path = join(folder, `${test.replace(/[^\w.-]+/g, '_').slice(0, 120)}.png`);
  await mkdir(folder, { recursive: true });
  await page.screenshot({ path, fullPage: true, timeout: 10_000 }).then(
    () => console.error(`screenshot of the failed test: ${path}`),
    () => undefined,
  );
}

export interface ProjectPerTest {
  server: TestServer;
  browser: Browser;
  /** This test's own project (a new one for each test and for its retry). */
  project: { id: string; name: string };
  /** Contexts a test opens itself, closed with the browser at the end of the file. */
  contexts: BrowserContext[];
}

/**
 * One server and one browser for the file, and a project of its own for each test (and its retry), so
 * what a test counts is only what it made. Tests open their own contexts (viewports, touch).
 */
export function projectPerTest(code: string, label: string): ProjectPerTest {
  const rig = { contexts: [] as BrowserContext[], project: { id: '', name: '' } } as ProjectPerTest;
  beforeAll(async () => {
    [rig.server, rig.browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  beforeEach(async () => {
    rig.project = await createRunProject(rig.server, code, label);
  });
  afterAll(async () => {
    for (const context of rig.contexts) await context.close();
    await rig.browser?.close();
    await rig.server?.close();
  });
  return rig;
}

/** A page of its own (a new context, closed at the end of the file), signed in, on the test's project. */
export async function openRigProject(
  rig: ProjectPerTest,
  viewport = { width: 1024, height: 768 },
): Promise<Page> {
  const context = await newContext(rig.browser, rig.server.url, viewport);
  rig.contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page);
  await page.goto(`/project/${rig.project.id}`);
  await page.getByRole('heading', { level: 1, name: rig.project.name }).waitFor({ timeout: 60_000 });
  return page;
}
