// The sync bench's measurements, each run in the page with the app's own code (e2e hooks).
import type { Page } from 'playwright-core';
import { longestTask, resetLongTasks } from './page';

export interface FirstSync {
  ms: number;
  rows: number;
  longestTaskMs: number;
  longTasks: number;
}

/** Marks the project "keep offline" and syncs: the first download of its scope, timed in the page. */
export async function firstSync(page: Page, projectId: string): Promise<FirstSync> {
  await resetLongTasks(page);
  const { ms } = await page.evaluate(async (id) => {
    const hooks = window.__karbontrack;
    if (!hooks) throw new Error('no e2e hooks');
    const started = performance.now();
    await hooks.keepOffline(id);
    await hooks.syncNow();
    return { ms: performance.now() - started };
  }, projectId);
  // Long tasks are reported a little after they end.
  await page.waitForTimeout(300);
  const tasks = await longestTask(page);
  const rows = await page.evaluate(
    async () => (await window.__karbontrack?.list('packing-list'))?.length ?? 0,
  );
  return { ms, rows, longestTaskMs: tasks.max, longTasks: tasks.count };
}

/**
 * The same rows written straight to IndexedDB in the same browser: one object store with the same
 * indexes, in transactions of `pageSize` rows as the pull commits them.
 */
export async function rawWrite(page: Page, pageSize: number): Promise<{ ms: number; rows: number }> {
  return page.evaluate(async (size) => {
    const hooks = window.__karbontrack;
    if (!hooks) throw new Error('no e2e hooks');
    const rows = await hooks.list('packing-list');
    const indexes = hooks.indexes('packing-list');
    const done = (request: IDBRequest | IDBOpenDBRequest) =>
      new Promise<void>((resolve, reject) => {
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      });
    await done(indexedDB.deleteDatabase('bench-raw'));
    const open = indexedDB.open('bench-raw', 1);
    open.onupgradeneeded = () => {
      const store = open.result.createObjectStore('rows', { keyPath: 'id' });
      for (const index of indexes)
        if (index.keyPath) store.createIndex(index.name, index.keyPath, { multiEntry: index.multiEntry });
    };
    await done(open);
    const db = open.result;
    const started = performance.now();
    for (let start = 0; start < rows.length; start += size) {
      const tx = db.transaction('rows', 'readwrite');
      const store = tx.objectStore('rows');
      for (const row of rows.slice(start, start + size)) store.put(row);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
    }
    const ms = performance.now() - started;
    db.close();
    await done(indexedDB.deleteDatabase('bench-raw'));
    return { ms, rows: rows.length };
  }, pageSize);
}

/**
 * Queues `count` changes offline (a project and count - 1 incidences under it), then times from the
 * `online` event until the outbox is empty.
 */
export async function replay(
  page: Page,
  setOffline: (offline: boolean) => Promise<void>,
  count: number,
  label: string,
): Promise<{ ms: number; projectId: string }> {
  await setOffline(true);
  const projectId = await page.evaluate(
    async ({ count, label }) => {
      const hooks = window.__karbontrack;
      if (!hooks) throw new Error('no e2e hooks');
      const statuses = await hooks.list('project-status');
      const status = statuses.find((row) => String(row.name).toLowerCase() === 'planned') ?? statuses[0];
      const project = await hooks.save('project', { name: `Replay ${label}`, status: status?.id ?? null });
      for (let n = 1; n < count; n++)
        await hooks.save('incidence', { project: project.id, description: `Replay ${label} ${n}` });
      return project.id;
    },
    { count, label },
  );
  const waited = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        window.addEventListener(
          'online',
          () => {
            const started = performance.now();
            const poll = async () => {
              if ((await window.__karbontrack?.outboxCount()) === 0) resolve(performance.now() - started);
              else setTimeout(poll, 10);
            };
            void poll();
          },
          { once: true },
        );
      }),
  );
  // Let the listener be in place before the network comes back.
  await page.waitForTimeout(100);
  await setOffline(false);
  return { ms: await waited, projectId };
}

/** Adds photos offline through the file input (compressed by the app), then times their upload. */
export async function photoUpload(
  page: Page,
  setOffline: (offline: boolean) => Promise<void>,
  projectId: string,
  paths: string[],
): Promise<{ ms: number; bytes: number; files: number }> {
  await setOffline(true);
  await page.evaluate((id) => window.__karbontrack?.photoInput('project', id), projectId);
  await page.getByTestId('e2e-file-input').setInputFiles(paths);
  await page.waitForFunction(
    () =>
      document.querySelector<HTMLInputElement>('[data-testid="e2e-file-input"]')?.dataset.state === 'added',
    undefined,
    { timeout: 300_000 },
  );
  const bytes = await page.evaluate(async () =>
    ((await window.__karbontrack?.files()) ?? [])
      .filter((file) => file.state === 'pending')
      .reduce((sum, file) => sum + file.bytes, 0),
  );
  const waited = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        window.addEventListener(
          'online',
          () => {
            const started = performance.now();
            const poll = () => {
              if (window.__karbontrack?.status().files_pending === 0) resolve(performance.now() - started);
              else setTimeout(poll, 20);
            };
            poll();
          },
          { once: true },
        );
      }),
  );
  await page.waitForTimeout(100);
  await setOffline(false);
  return { ms: await waited, bytes, files: paths.length };
}
