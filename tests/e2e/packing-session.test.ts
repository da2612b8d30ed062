// The packing-list import and the sync engine across sessions, in real Chromium: the import template is
// saved and opens as a spreadsheet with the column headers; a file queued offline in one session is
// imported in the next one without its project page being opened (the queue starts at sign-in); and
// signing out ends the pull worker, so another user signing in starts with only their own.
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { csv } from '../fixtures/packing';
import { apiSession, localRows, lookupId, waitFor } from './projects-support';
import { signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { PASSWORD, startAppServer } from './support/server';

let server: TestServer;
let browser: Browser;
let projectId = '';
const contexts: BrowserContext[] = [];
// Safe to run twice on one server (a retry): every reference is new.
const run = Date.now().toString(36).toUpperCase();

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  await server.createUser({ username: 'pablo', password: PASSWORD, first_name: 'Pablo', last_name: 'Gil' });
  const api = await apiSession(server);
  const project = await api.post<{ id: string }>('/api/project/', {
    code: `PS-${run}`,
    name: `Session call ${run}`,
    status: await lookupId(server, 'project_status', 'In progress'),
    init_date: '2026-11-20',
  });
  projectId = project.id;
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server.url, { width: 1280, height: 900 });
  contexts.push(context);
  return { context, page: await context.newPage() };
}

async function openProject(page: Page) {
  await page.goto(`/project/${projectId}`);
  await page
    .getByRole('heading', { level: 1, name: `Project Session call ${run}` })
    .waitFor({ timeout: 60_000 });
}

async function serverReferences(prefix: string): Promise<string[]> {
  const rows = await server.query(
    'SELECT reference FROM packing_list WHERE project = $1 AND reference LIKE $2 AND deleted_at IS NULL ORDER BY reference',
    [projectId, `${prefix}%`],
  );
  return rows.map((row) => String(row.reference));
}

describe('packing import and sessions', () => {
  it('the import template is saved under its name and opens as a spreadsheet with the column headers', async () => {
    const { page } = await freshPage();
    await signIn(page);
    await openProject(page);
    await page.getByTestId('packing-import').click();
    const dialog = page.getByRole('dialog', { name: 'Import packing list' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('packing-list-template.xlsx');
    const path = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    // Sheet 1: the headers the import reads (the same server test pins every one); sheet 2 explains them.
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Packing list', 'Columns']);
    const headers = book.worksheets[0]?.getRow(1).values;
    expect(Array.isArray(headers) ? headers.slice(1, 4) : headers).toEqual([
      'Reference',
      'Commodity',
      'Quantity',
    ]);
    expect(JSON.stringify(book.worksheets[1]?.getSheetValues())).toContain('referencia');
  });

  it('a file queued offline in one session is imported in the next without opening its project', async () => {
    // Its own references on each attempt (a retry runs on the same server).
    const tag = `Q${Date.now().toString(36).toUpperCase()}`;
    const first = await freshPage();
    await signIn(first.page);
    await openProject(first.page);
    await first.context.setOffline(true);
    await first.page.getByTestId('packing-import').click();
    const dialog = first.page.getByRole('dialog', { name: 'Import packing list' });
    const file = csv(
      ['Reference', 'Commodity', 'Quantity', 'Net weight', 'Gross weight', 'Location'],
      [
        [`${tag}-1`, 'Coil', 1, 12000, 12100, 'onboard'],
        [`${tag}-2`, 'Coil', 1, 12500, 12600, 'warehouse'],
      ],
    );
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'queued.csv', mimeType: 'text/csv', buffer: file });
    await dialog.getByTestId('import-submit').click();
    await dialog.getByTestId('import-queued').waitFor();
    // The session ends with the file still on the device (the tab is closed while offline).
    await first.page.close();
    expect(await serverReferences(tag)).toEqual([]);

    await first.context.setOffline(false);
    const page = await first.context.newPage();
    await page.goto('/projects');
    await page.getByTestId('user-bar').waitFor();
    await waitFor(
      'the queued file imported by the server',
      async () => (await serverReferences(tag)).length === 2,
      60_000,
    );
    expect(page.url()).toContain('/projects');
    // And its items reach this device with the sync that follows.
    await waitFor(
      'the imported items on the device',
      async () =>
        (await localRows(page, 'packing-list', 'project', projectId)).filter((row) =>
          String(row.reference).startsWith(tag),
        ).length === 2,
      60_000,
    );
  });

  it('signing out ends the pull worker; another user signing in gets a new one and nothing of the first', async () => {
    const { page } = await freshPage();
    const pullWorkers: Worker[] = [];
    const closed = new Set<Worker>();
    page.on('worker', (worker) => {
      if (!/pull/i.test(worker.url())) return;
      pullWorkers.push(worker);
      worker.on('close', () => closed.add(worker));
    });
    await signIn(page);
    await waitFor("marta's pull worker", async () => pullWorkers.length === 1);
    const martas = pullWorkers[0];
    const martaId = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as string);
    await waitFor("marta's first sync", async () => (await localRows(page, 'project')).length > 0, 60_000);

    await page.getByTestId('settings').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const confirm = page.getByTestId('logout-confirm');
    await Promise.race([confirm.waitFor().then(() => confirm.click()), page.waitForURL(/\/login/)]);
    await page.waitForURL(/\/login/);
    await waitFor("marta's pull worker to end", async () => martas !== undefined && closed.has(martas));
    expect(page.workers().filter((worker) => /pull/i.test(worker.url()))).toEqual([]);

    await signIn(page, 'pablo');
    await waitFor("pablo's pull worker", async () => pullWorkers.length === 2);
    await waitFor("pablo's first sync", async () => (await localRows(page, 'project')).length > 0, 60_000);
    const live = page.workers().filter((worker) => /pull/i.test(worker.url()));
    expect(live).toHaveLength(1);
    expect(live[0]).not.toBe(martas);
    const pabloId = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as string);
    expect(pabloId).not.toBe(martaId);
    // Pablo's store is his own database; marta's stays closed on the device for her next sign-in.
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
    expect(databases).toEqual(expect.arrayContaining([`karbontrack-${martaId}`, `karbontrack-${pabloId}`]));
  });
});
