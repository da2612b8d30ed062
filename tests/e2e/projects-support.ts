// Helpers of the projects, hand and tally browser tests: the REST API with a token (to set up and to check
// what the server holds) and a look into the signed-in user's IndexedDB (what the device holds).
import type { Locator, Page } from 'playwright-core';
import type { TestServer } from '../../server/testing';
import { type Api, apiClient, signIn as apiSignIn } from '../api/http';
import { PASSWORD } from './support/server';

export interface ApiSession {
  api: Api;
  token: string;
  post<T = Record<string, unknown>>(path: string, body: unknown): Promise<T>;
  get<T = Record<string, unknown>>(path: string): Promise<T>;
}

export async function apiSession(server: TestServer, username = 'marta'): Promise<ApiSession> {
  const api = apiClient(server.url);
  const token = await apiSignIn(api, username, PASSWORD);
  return {
    api,
    token,
    async post<T>(path: string, body: unknown) {
      const response = await api<T>('POST', path, { token, body });
      if (response.status !== 201 && response.status !== 200)
        throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body;
    },
    async get<T>(path: string) {
      const response = await api<T>('GET', path, { token });
      if (response.status !== 200)
        throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body;
    },
  };
}

/** The id of a seeded lookup row by its name (or description). */
export async function lookupId(server: TestServer, table: string, name: string): Promise<string> {
  const column = table === 'event' ? 'description' : table === 'accounts' ? 'trade_name' : 'name';
  const rows = await server.query(`SELECT id FROM ${table} WHERE ${column} = $1 AND deleted_at IS NULL`, [
    name,
  ]);
  const id = rows[0]?.id;
  if (typeof id !== 'string') throw new Error(`no ${table} named ${name}`);
  return id;
}

/**
 * A project of its own for one test (or its retry): code `<prefix>-<suffix>` and name `<label> <suffix>`,
 * with a suffix new on every call, so what a test counts is only what it made.
 */
export async function createRunProject(
  server: TestServer,
  prefix: string,
  label: string,
): Promise<{ id: string; name: string }> {
  const api = await apiSession(server);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const name = `${label} ${suffix}`;
  const project = await api.post<{ id: string }>('/api/project/', {
    code: `${prefix}-${suffix}`,
    name,
    status: await lookupId(server, 'project_status', 'In progress'),
    init_date: '2026-11-20',
  });
  return { id: project.id, name };
}

/** Runs `read` on the signed-in user's local database (raw IndexedDB), in the page. */
async function inLocalDb<T>(page: Page, script: string): Promise<T> {
  return page.evaluate(`(async () => {
    const user = JSON.parse(localStorage.getItem('user') || '{}');
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('karbontrack-' + user.id);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = (name) => new Promise((resolve, reject) => {
      const request = db.transaction(name, 'readonly').objectStore(name).getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try { ${script} } finally { db.close(); }
  })()`) as Promise<T>;
}

/** Changes on the device not yet answered by the server. */
export function outboxCount(page: Page): Promise<number> {
  return inLocalDb<number>(page, 'return (await all("outbox")).length;');
}

/** Rows of a resource on the device, optionally only those whose `field` equals `value`. */
export function localRows(page: Page, resource: string, field?: string, value?: string) {
  return inLocalDb<Array<Record<string, unknown>>>(
    page,
    `const rows = await all(${JSON.stringify(resource)});
     return ${field ? `rows.filter((row) => row[${JSON.stringify(field)}] === ${JSON.stringify(value)})` : 'rows'};`,
  );
}

/** Whether the device's first download of a scope has ended (its cursor is complete: src/store/meta.ts). */
export function scopeFilled(page: Page, scope: string): Promise<boolean> {
  return inLocalDb<boolean>(
    page,
    `return (await all("meta")).some((row) => row.key === ${JSON.stringify(`cursor:${scope}`)} && row.value && row.value.complete === true);`,
  );
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until every local change has been answered by the server. */
export function waitForSync(page: Page, timeoutMs = 30_000): Promise<void> {
  return waitFor('the outbox to empty', async () => (await outboxCount(page)) === 0, timeoutMs);
}

/** Waits until the service worker controls the page (so a reload works offline). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
}

/** Fills a Mantine select (in `scope`: the page or a dialog): types part of the option and picks it. */
export async function pick(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(option.slice(0, 4));
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types a dd/MM/yyyy[ HH:mm] value into a date input and leaves it. */
export async function typeDate(scope: Page | Locator, label: string, value: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  // Blur in place: Escape would also close the dialog the input sits in, and Tab would open the calendar
  // of the next date input.
  await input.evaluate((element) => (element as HTMLInputElement).blur());
}
