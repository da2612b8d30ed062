// The offline engine in real Chromium against the real server: work done offline survives a reload,
// arrives once when the network returns (also across a server outage mid-upload), and with two tabs
// open only one of them sends. Records are made through the app's own store via the e2e build's hooks
// (src/features/sync/e2eHooks.ts); photos go through a real file input and the app's compression.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import {
  createHandWork,
  type OfflineWork,
  PHOTOS,
  type RestartableServer,
  startRestartableServer,
  status,
  takePhotos,
  waitForAllSent,
  waitForFirstSync,
  waitForServiceWorker,
} from './support/sync';

let server: RestartableServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRestartableServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
// A test that stopped the server and failed before starting it again must not fail the next one (or its
// own retry) with a refused connection.
afterEach(async () => {
  await server?.start();
});

async function openSignedIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page);
  await waitForServiceWorker(page);
  await waitForFirstSync(page);
  return page;
}

/** How often the server recorded each record's create, and the incidence's attachments. */
async function onServer(work: OfflineWork) {
  const db = server.current();
  const creates = await db.query(
    `select record_id::text as id, count(*)::int as n from audit_log where action = 'create' and record_id = any($1::uuid[]) group by record_id`,
    [[work.project, work.event, work.hand, work.incidence]],
  );
  const files = await db.query(
    `select id::text, size, content_type from attachment where parent_resource = 'incidence' and parent_id = $1 and deleted_at is null`,
    [work.incidence],
  );
  return { creates: Object.fromEntries(creates.map((row) => [row.id, row.n])), files };
}

async function localMarks(page: Page, work: OfflineWork) {
  return page.evaluate(async (ids) => {
    const hooks = window.__karbontrack;
    if (!hooks) throw new Error('no e2e hooks');
    const marks: Record<string, string | null> = {};
    for (const [resource, id] of [
      ['project', ids.project],
      ['project-event', ids.event],
      ['hand', ids.hand],
      ['incidence', ids.incidence],
    ] as const) {
      const row = await hooks.row(resource, id);
      marks[resource] = row ? (row._sync ?? 'synced') : 'missing';
    }
    const files = await hooks.files();
    return { marks, files: files.map((file) => ({ state: file.state, bytes: file.bytes, type: file.type })) };
  }, work);
}

describe('sync in the browser', () => {
  it('keeps offline work through a reload, marked pending, and sends it once when online', async () => {
    const context = await newContext(browser, server.url);
    const page = await openSignedIn(context);
    await context.setOffline(true);
    await page.getByTestId('sync-online').getByText('Offline').waitFor();

    const work = await createHandWork(page, 'Offline 1');
    await takePhotos(page, { resource: 'incidence', id: work.incidence }, PHOTOS);
    await page.reload();
    await waitForFirstSync(page);

    const offline = await localMarks(page, work);
    expect(offline.marks).toEqual({
      project: 'pending',
      'project-event': 'pending',
      hand: 'pending',
      incidence: 'pending',
    });
    expect(offline.files).toHaveLength(2);
    for (const file of offline.files) {
      expect(file).toMatchObject({ state: 'pending', type: 'image/jpeg' });
      expect(file.bytes).toBeLessThanOrEqual(0.55 * 1024 * 1024);
    }
    const bar = page.getByTestId('sync-status');
    expect(await bar.getAttribute('data-pending')).toBe('4');
    expect(await bar.getAttribute('data-files')).toBe('2');
    expect((await status(page)).online).toBe(false);

    await context.setOffline(false);
    await waitForAllSent(page);
    const after = await localMarks(page, work);
    expect(Object.values(after.marks)).toEqual(['synced', 'synced', 'synced', 'synced']);
    expect(after.files.map((file) => file.state)).toEqual(['uploaded', 'uploaded']);
    const remote = await onServer(work);
    expect(Object.values(remote.creates)).toEqual([1, 1, 1, 1]);
    expect(remote.files).toHaveLength(2);
    expect(remote.files.every((file) => file.content_type === 'image/jpeg')).toBe(true);
    await context.close();
  });

  it('sends everything once when the server stops during the upload and starts again', async () => {
    const context = await newContext(browser, server.url);
    const page = await openSignedIn(context);
    await context.setOffline(true);
    const work = await createHandWork(page, 'Outage 2');
    await takePhotos(page, { resource: 'incidence', id: work.incidence }, PHOTOS);

    // Hold every upload at the browser until the server is down, then let them go: they meet no server.
    // (Each photo goes on its own request, several at a time: holding only the first let the other
    // reach the server before it stopped now and then.)
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstSeen: () => void = () => {};
    const seen = new Promise<void>((resolve) => {
      firstSeen = resolve;
    });
    const refused: Promise<void>[] = [];
    await context.route('**/attachments/', (route: Route) => {
      firstSeen();
      const sent = held.then(() => route.continue().catch(() => route.abort('connectionrefused')));
      refused.push(sent);
      return sent;
    });
    await context.setOffline(false);
    await seen;
    await server.stop();
    release();
    // The uploads held met no server; the device keeps retrying with backoff, and nothing is lost or
    // marked as failed while the server is away.
    await Promise.all(refused);
    // Once the device has taken in those failures: no file still uploading, and one in its backoff.
    await page.waitForFunction(async () => {
      const files = (await window.__karbontrack?.files()) ?? [];
      return (
        files.every((file) => file.state !== 'uploading') &&
        files.some((file) => file.next_attempt_at > Date.now())
      );
    });
    expect((await localMarks(page, work)).files.map((file) => file.state)).toEqual(['pending', 'pending']);
    const during = await status(page);
    expect(during.files_pending).toBe(2);
    expect(during.needs_attention).toBe(0);
    await server.start();
    await page.evaluate(() => window.__karbontrack?.syncNow());
    await waitForAllSent(page, 60_000);

    const remote = await onServer(work);
    expect(Object.values(remote.creates)).toEqual([1, 1, 1, 1]);
    expect(remote.files).toHaveLength(2);
    expect(Object.values((await localMarks(page, work)).marks)).toEqual([
      'synced',
      'synced',
      'synced',
      'synced',
    ]);
    await context.close();
  });

  it('with two tabs open, one tab replays: each change reaches the server once', async () => {
    const context = await newContext(browser, server.url);
    const first = await openSignedIn(context);
    const second = await context.newPage();
    await second.goto('/projects');
    await second.waitForFunction(() => window.__karbontrack?.ready() === true);

    const sent = new Map<string, Page[]>();
    await context.route('**/api/sync/push/', async (route: Route) => {
      const body = route.request().postDataJSON() as { mutations: Array<{ mutation_id: string }> };
      const from = route.request().frame().page();
      for (const mutation of body.mutations)
        sent.set(mutation.mutation_id, [...(sent.get(mutation.mutation_id) ?? []), from]);
      await route.continue();
    });

    await context.setOffline(true);
    const work = await createHandWork(second, 'Two tabs 3');
    await context.setOffline(false);
    await Promise.all([waitForAllSent(first), waitForAllSent(second)]);

    expect(sent.size).toBe(4);
    for (const pages of sent.values()) expect(pages).toHaveLength(1);
    const senders = new Set([...sent.values()].flat());
    expect(senders.size).toBe(1);
    const leaders = await Promise.all([status(first), status(second)]);
    expect(leaders.filter((state) => state.leader)).toHaveLength(1);
    const remote = await onServer(work);
    expect(Object.values(remote.creates)).toEqual([1, 1, 1, 1]);
    // The tab that did not send shows the same: nothing pending, the marks cleared.
    expect(Object.values((await localMarks(first, work)).marks)).toEqual([
      'synced',
      'synced',
      'synced',
      'synced',
    ]);
    await context.close();
  });
});
