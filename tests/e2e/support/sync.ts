// Browser-test helpers for the offline engine: the app's test-only hooks (src/features/sync/e2eHooks.ts,
// in the e2e build only), waiting for sync states, and a server that can be stopped and started again on
// the same port over the same data (PGlite in a directory), as a real outage would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../../server/testing';
import type { E2eHooks } from '../../../src/features/sync/e2eHooks';
import { freePort } from '../../fixtures/ports';
import { E2E_DIST } from './paths';
import { PASSWORD } from './server';

export type SyncSnapshot = ReturnType<E2eHooks['status']>;

/** Polls `check` in Node until it passes. */
export async function until(check: () => Promise<boolean>, timeoutMs = 30_000, what = 'a condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function status(page: Page): Promise<SyncSnapshot> {
  return page.evaluate(() => {
    const hooks = window.__karbontrack;
    if (!hooks) throw new Error('no e2e hooks');
    return hooks.status();
  });
}

/** Waits for the signed-in store and a first completed pull (the lookups are on the device). */
export async function waitForFirstSync(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__karbontrack?.ready() === true, undefined, { timeout: 30_000 });
  await page.waitForFunction(() => Boolean(window.__karbontrack?.status().last_pull_at), undefined, {
    timeout: 30_000,
  });
}

/** Waits until nothing waits: no changes, no files, nothing refused. */
export async function waitForAllSent(page: Page, timeoutMs = 40_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const state = window.__karbontrack?.status();
      return (
        state !== undefined && state.pending === 0 && state.files_pending === 0 && state.needs_attention === 0
      );
    },
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
}

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

export interface RestartableServer {
  url: string;
  current(): TestServer;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The real server on a fixed port over PGlite in a directory: stop() and start() keep every row and file. */
export async function startRestartableServer(): Promise<RestartableServer> {
  const dir = mkdtempSync(join(tmpdir(), 'kt-e2e-sync-'));
  const port = await freePort();
  const boot = () => startTestServer({ staticDir: E2E_DIST, dataDir: dir, port });
  let server: TestServer | null = await boot();
  await server.createUser({ username: 'marta', password: PASSWORD, first_name: 'Marta', last_name: 'Ruiz' });
  const url = server.url;
  return {
    url,
    current() {
      if (!server) throw new Error('the server is stopped');
      return server;
    },
    async stop() {
      await server?.close();
      server = null;
    },
    async start() {
      server ??= await boot();
    },
    async close() {
      await server?.close();
      server = null;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Ids of the seeded lookups an offline hand needs, read from the device's store. */
export async function lookupIds(page: Page): Promise<{ inProgress: string; workingShift: string }> {
  return page.evaluate(async () => {
    const hooks = window.__karbontrack;
    if (!hooks) throw new Error('no e2e hooks');
    const statuses = await hooks.list('project-status');
    const events = await hooks.list('event');
    const inProgress = statuses.find((row) => String(row.name).toLowerCase() === 'in progress');
    const working = events.find((row) => row.kind === 'working');
    if (!inProgress || !working) throw new Error('lookups missing on the device');
    return { inProgress: inProgress.id, workingShift: working.id };
  });
}

export interface OfflineWork {
  project: string;
  event: string;
  hand: string;
  incidence: string;
}

/** Creates a project, a working shift, a hand and an incidence through the app's store (offline or not). */
export async function createHandWork(page: Page, label: string): Promise<OfflineWork> {
  const ids = await lookupIds(page);
  return page.evaluate(
    async ({ ids, label }) => {
      const hooks = window.__karbontrack;
      if (!hooks) throw new Error('no e2e hooks');
      const project = await hooks.save('project', { name: `MV ${label}`, status: ids.inProgress });
      const event = await hooks.save('project-event', {
        project: project.id,
        event: ids.workingShift,
        init_date: '2026-11-22T06:00:00Z',
      });
      const hand = await hooks.save('hand', { event: event.id, description: `Gang ${label}`, crew_count: 9 });
      const incidence = await hooks.save('incidence', {
        project: project.id,
        description: `Damage ${label}`,
      });
      return { project: project.id, event: event.id, hand: hand.id, incidence: incidence.id };
    },
    { ids, label },
  );
}

/** Chooses files in a file input that adds them to a record (as the gallery does) and waits until stored. */
export async function takePhotos(page: Page, parent: { resource: 'incidence'; id: string }, paths: string[]) {
  await page.evaluate(({ resource, id }) => window.__karbontrack?.photoInput(resource, id), parent);
  const input = page.getByTestId('e2e-file-input');
  await input.setInputFiles(paths);
  await page.waitForFunction(
    () =>
      document.querySelector<HTMLInputElement>('[data-testid="e2e-file-input"]')?.dataset.state === 'added',
    undefined,
    { timeout: 30_000 },
  );
}

export const FIXTURES = join(import.meta.dirname, '../../fixtures');
export const PHOTOS = [join(FIXTURES, 'photo-1.jpg'), join(FIXTURES, 'photo-2.jpg')];
