// Page side of the browser soak tests: work saved through the app's own store (the e2e build's hooks call
// src/store's save/update/remove, as the screens do), and the files the device queued, read back from its
// IndexedDB (read only) and hashed here, apart from the app's own hashing.
import type { Page } from 'playwright-core';
import { createHandWork, type OfflineWork, status } from '../../e2e/support/sync';

export interface BaseWork extends OfflineWork {
  /** Hands on the server (the base's own and `hands` more), for deletes made offline. */
  hands: string[];
  /** The changes the base took: its four records, then one per extra hand. */
  changes: number;
}

/** A project in progress with a working shift, a hand and an incidence, and `hands` more hands. */
export async function saveBase(page: Page, label: string, hands: number): Promise<BaseWork> {
  const work = await createHandWork(page, label);
  const more = await page.evaluate(
    async ({ event, hands }) => {
      const made: string[] = [];
      for (let index = 0; index < hands; index += 1) {
        const saved = await window.__karbontrack?.save('hand', { event, description: `Old gang ${index}` });
        if (saved) made.push(saved.id);
      }
      return made;
    },
    { event: work.event, hands },
  );
  return { ...work, hands: [work.hand, ...more], changes: 4 + more.length };
}

export interface WorkPlan {
  incidences: number;
  /** Incidences whose description is then changed. */
  incidenceEdits: number;
  /** New hands, each then changed twice (crew, then description). */
  hands: number;
  /** Of the base's hands, how many to delete. */
  deletes: number;
}

export interface QueuedWork {
  incidences: Array<{ id: string; description: string }>;
  hands: Array<{ id: string; description: string; crew_count: number }>;
  deleted: string[];
  mutations: string[];
}

/** Creates, changes and deletes through the app's store, as `plan` says; every call makes one change. */
export function queueWork(page: Page, base: BaseWork, label: string, plan: WorkPlan): Promise<QueuedWork> {
  return page.evaluate(
    async ({ base, label, plan }) => {
      const hooks = window.__karbontrack;
      if (!hooks) throw new Error('no e2e hooks');
      const mutations: string[] = [];
      const keep = (result: { mutation_id: string | null }) => {
        if (!result.mutation_id) throw new Error('a save that changed nothing');
        mutations.push(result.mutation_id);
      };
      const incidences: Array<{ id: string; description: string }> = [];
      for (let index = 0; index < plan.incidences; index += 1) {
        const description = `Damage ${label} ${index}`;
        const saved = await hooks.save('incidence', { project: base.project, description });
        keep(saved);
        incidences.push({ id: saved.id, description });
      }
      const hands: Array<{ id: string; description: string; crew_count: number }> = [];
      for (let index = 0; index < plan.hands; index += 1) {
        const saved = await hooks.save('hand', { event: base.event, description: `Gang ${label} ${index}` });
        keep(saved);
        hands.push({ id: saved.id, description: `Gang ${label} ${index}`, crew_count: 0 });
      }
      for (const hand of hands) {
        hand.crew_count = 5 + (hands.indexOf(hand) % 9);
        keep(await hooks.update('hand', hand.id, { crew_count: hand.crew_count }));
      }
      for (const hand of hands) {
        hand.description = `${hand.description} (relieved)`;
        keep(await hooks.update('hand', hand.id, { description: hand.description }));
      }
      for (const incidence of incidences.slice(0, plan.incidenceEdits)) {
        incidence.description = `${incidence.description}, checked`;
        keep(await hooks.update('incidence', incidence.id, { description: incidence.description }));
      }
      const deleted = base.hands.slice(0, plan.deletes);
      for (const id of deleted) keep(await hooks.remove('hand', id));
      return { incidences, hands, deleted, mutations };
    },
    { base, label, plan },
  );
}

export interface DeviceFile {
  id: string;
  parent_id: string;
  state: string;
  /** SHA-256 of the bytes the device keeps (and sends). */
  sha256: string;
  bytes: number;
}

/** The files in the device's queue, hashed from their bytes in the page. */
export function deviceFiles(page: Page): Promise<DeviceFile[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases())
      .map((database) => database.name ?? '')
      .filter((name) => name.startsWith('karbontrack-'));
    const found: DeviceFile[] = [];
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      if (db.objectStoreNames.contains('blobs')) {
        const rows = await new Promise<Array<{ id: string; parent_id: string; state: string; blob: Blob }>>(
          (resolve, reject) => {
            const request = db.transaction('blobs', 'readonly').objectStore('blobs').getAll();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          },
        );
        for (const row of rows) {
          const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await row.blob.arrayBuffer()));
          const sha256 = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
          found.push({
            id: row.id,
            parent_id: row.parent_id,
            state: row.state,
            sha256,
            bytes: row.blob.size,
          });
        }
      }
      db.close();
    }
    return found.sort((a, b) => a.id.localeCompare(b.id));
  });
}

/** The outbox's size (the app's own count). */
export function outboxCount(page: Page): Promise<number> {
  return page.evaluate(() => window.__karbontrack?.outboxCount() ?? -1);
}

/**
 * What waits in the device's store itself (not the status bar's numbers, which start at zero until the
 * store's first count after a page load).
 */
function waiting(page: Page) {
  return page.evaluate(async () => {
    const hooks = window.__karbontrack;
    if (!hooks) throw new Error('no e2e hooks');
    const files = await hooks.files();
    return {
      outbox: await hooks.outboxCount(),
      files_waiting: files.filter((file) => file.state === 'pending' || file.state === 'uploading').length,
      files_refused: files.filter((file) => file.state === 'failed').length,
    };
  });
}

/**
 * Waits until nothing waits on the device, tapping "sync now" every `nudgeMs` as a user watching the bar
 * would (the engine's own backoff grows to minutes after many failed rounds). A change or file refused
 * ("needs attention") fails at once: under faults alone nothing should be.
 */
export async function syncUntilSent(
  page: Page,
  timeoutMs: number,
  /** Also wait for this (the proxy's planned faults all met). */
  also: () => boolean = () => true,
  nudgeMs = 10_000,
): Promise<number> {
  const started = Date.now();
  let nudged = started;
  for (;;) {
    const state = { ...(await status(page)), ...(await waiting(page)) };
    if (state.needs_attention > 0 || state.files_refused > 0)
      throw new Error(`refused on the device: ${JSON.stringify(state)}`);
    if (state.outbox === 0 && state.files_waiting === 0 && also()) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`still waiting after ${timeoutMs} ms: ${JSON.stringify(state)}`);
    if (Date.now() - nudged > nudgeMs) {
      await page.evaluate(() => {
        void window.__karbontrack?.syncNow();
      });
      nudged = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
