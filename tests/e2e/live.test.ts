// Live updates in Chromium: a tablet tallies on deck while the office has the same hand open; the
// office's counts rise within seconds with no reload and no timer (the timed pull is a minute away),
// carried by the server's live notices through the service worker's page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { localRows, waitFor, waitForServiceWorker } from './projects-support';
import { signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { callSetup } from './support/call';
import { startAppServer } from './support/server';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let handPath = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const call = await callSetup(server);
  const projectId = await call.project('LIVE-1', 'Live call', { init_date: '2026-11-20' });
  await call.coils(
    projectId,
    [1, 2, 3, 4, 5, 6].map((n) => ({
      reference: `LV-${100 + n}`,
      quantity: '1',
      net_weight: '12000',
      gross_weight: '12100',
    })),
  );
  const shift = await call.event(projectId, 'Working shift', '2026-11-20T08:00:00Z', '2026-11-20T14:00:00Z');
  const handId = await call.hand(shift, { description: 'Gang L', crew_count: 6 });
  handPath = `/project/${projectId}/hand/${handId}`;
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function openTally(context: BrowserContext): Promise<Page> {
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page);
  await waitForServiceWorker(page);
  await page.goto(handPath);
  await page.getByRole('heading', { level: 1, name: 'Hand Gang L' }).waitFor({ timeout: 60_000 });
  await waitFor(
    'the packing list on the device',
    async () => (await localRows(page, 'packing-list')).length === 6,
  );
  // The hand opens on its tally (b7fea34: the hand is a workspace whose first tab is the tally).
  await page.getByTestId('tally').waitFor();
  return page;
}

async function lift(page: Page, ...references: string[]) {
  const input = page.getByTestId('tally-input');
  for (const text of [...references, '']) {
    await input.fill(text);
    await input.press('Enter');
  }
}

describe('live updates', () => {
  it("shows a tablet's tally rising on the office screen within seconds, without a reload", async () => {
    const office = await openTally(await newContext(browser, server.url, { width: 1366, height: 900 }));
    const tablet = await openTally(
      await browser.newContext({
        baseURL: server.url,
        viewport: { width: 768, height: 1024 },
        hasTouch: true,
        isMobile: true,
        serviceWorkers: 'allow',
      }),
    );
    const officeUnits = () => office.getByTestId('count-units').textContent();
    expect(await officeUnits()).toBe('0');
    await tablet.getByTestId('hold-2').click();

    for (const [references, units] of [
      [['LV-101', 'LV-102'], '2'],
      [['LV-103'], '3'],
      [['LV-104', 'LV-105', 'LV-106'], '6'],
    ] as const) {
      await lift(tablet, ...references);
      const sent = Date.now();
      await waitFor(
        `the tablet sent ${units} units`,
        async () => (await tablet.getByTestId('count-units').textContent()) === units,
      );
      await waitFor(`the office shows ${units} units`, async () => (await officeUnits()) === units, 10_000);
      // Well inside the minute of the timed pull: the live notice brought it (2 s in a quiet run).
      expect(Date.now() - sent).toBeLessThan(10_000);
    }
    expect(await office.getByTestId('count-lifts').textContent()).toBe('3');

    // The sync panel says whether the live notices reach this device.
    await office.getByTestId('sync-status').click();
    const live = office.getByTestId('sync-live');
    await waitFor(
      'the panel says live updates are connected',
      async () => (await live.textContent()) === 'Connected',
    );
  });
});
