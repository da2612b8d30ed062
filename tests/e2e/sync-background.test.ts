// Background Sync: with the app's tab closed, the service worker replays the outbox on the 'sync' event.
// The event is dispatched through the DevTools protocol (as the browser would when the network returns).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { startAppServer } from './support/server';
import { createHandWork, until, waitForFirstSync, waitForServiceWorker } from './support/sync';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('background sync', () => {
  it('registers the tag while changes wait, and the service worker sends them with the tab closed', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page);
    await waitForServiceWorker(page);
    await waitForFirstSync(page);

    await context.setOffline(true);
    const work = await createHandWork(page, 'Background 1');
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.ready;
      const sync = (registration as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } })
        .sync;
      return (await sync?.getTags())?.includes('karbontrack-outbox') ?? false;
    });

    // The tab goes away; another page (no app, no lock) gives us a DevTools session.
    const other = await context.newPage();
    await page.close();
    const cdp = await context.newCDPSession(other);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((registration) => registration.scopeURL.startsWith(server.url));
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await context.setOffline(false);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: server.url,
      registrationId: await registrationId,
      tag: 'karbontrack-outbox',
      lastChance: false,
    });

    const ids = [work.project, work.event, work.hand, work.incidence];
    await until(
      async () => {
        const rows = await server.query(
          `select count(*)::int as n from audit_log where action = 'create' and record_id = any($1::uuid[])`,
          [ids],
        );
        return rows[0]?.n === 4;
      },
      30_000,
      'the service worker to send the outbox',
    );
    const mutations = await server.query(
      `select count(*)::int as n from sync_mutation where record_id = any($1::uuid[])`,
      [ids],
    );
    expect(mutations[0]?.n).toBe(4);
    await context.close();
  });
});
