// The administration in Chromium, as an admin runs it: a user made who then signs in and, deactivated,
// sees their open session end; a customer's API token made, reading only that customer's projects,
// refused once revoked; a record's history showing a change made on another device; and the area's
// screens at the four widths in both languages (no sideways scroll, no small target), saved as PNGs.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api/http';
import { apiSession } from './projects-support';
import { expectNoRawKeys, signIn, smallTargets } from './support/app';
import { newContext } from './support/browser';
import { ROOT } from './support/paths';
import { pagePerTest } from './support/rig';
import { PASSWORD } from './support/server';

const rig = pagePerTest();
const SHOTS = join(ROOT, '.tmp', 'screens');

beforeAll(async () => {
  await rig.server.createUser({
    username: 'boss',
    password: PASSWORD,
    role: 'admin',
    first_name: 'Ana',
    last_name: 'Marín',
  });
  mkdirSync(SHOTS, { recursive: true });
});

async function asAdmin(page: Page, path: string) {
  await page.goto('/login');
  await signIn(page, 'boss');
  await page.goto(path);
  await page.getByTestId('admin-menu').waitFor();
}

describe('a page of the area whose code cannot be loaded', () => {
  it('says so in its place, and another page of the area opens', async () => {
    // No service worker: the page's own requests, one of them refused as offline would.
    const context = await rig.browser.newContext({
      baseURL: rig.server.url,
      viewport: { width: 1024, height: 768 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.route('**/assets/ApiAccessPage-*', (route) => route.abort('internetdisconnected'));
    await asAdmin(page, '/admin/api-access');
    await page.getByTestId('screen-load-failed').getByRole('button', { name: 'Try again' }).waitFor();
    await page.getByTestId('admin-menu').getByRole('link', { name: 'Reference lists' }).click();
    await page.getByRole('heading', { level: 2, name: 'Reference lists' }).waitFor();
    expect(await page.getByTestId('screen-load-failed').count()).toBe(0);
    await context.close();
  });
});

describe('users', () => {
  it('an admin creates a user who then signs in; deactivated, their open session ends', async () => {
    const { page } = rig;
    await asAdmin(page, '/admin/users');
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('User name').fill('luisa');
    await dialog.getByLabel('First name').fill('Luisa');
    await dialog.getByLabel('Last name').fill('Vidal');
    await dialog.getByLabel('E-mail').fill('luisa@example.com');
    // A weak password is refused, naming the field; nothing is made.
    await dialog.getByLabel('Password', { exact: true }).fill('12345678');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.getByText('This password is entirely numeric.').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('Stern-Line-64');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await page.getByTestId('user-luisa').waitFor();

    const other = await newContext(rig.browser, rig.server.url, { width: 1024, height: 768 });
    const luisa = await other.newPage();
    await luisa.goto('/login');
    await signIn(luisa, 'luisa', 'Stern-Line-64');
    await luisa.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();

    await page.getByTestId('user-luisa').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByTestId('user-luisa')
      .getByText('Deactivated')
      .waitFor({ state: 'detached' })
      .catch(() => {});
    // Her tab learns it at its next word with the server (the live notice of the change): signed out.
    await luisa.getByTestId('login-form').waitFor({ timeout: 90_000 });
    const again = await apiClient(rig.server.url)('POST', '/api/get-token/', {
      body: { username: 'luisa', password: 'Stern-Line-64' },
    });
    expect(again.status).toBe(400);
    await other.close();
    await expectNoRawKeys(page);
  });
});

describe('customer API access', () => {
  it("a token made for a customer reads only that customer's projects, and is refused once revoked", async () => {
    const api = await apiSession(rig.server, 'boss');
    const mine = await api.post<{ id: string }>('/api/accounts/', { trade_name: 'Aceros Turia ERP' });
    const theirs = await api.post<{ id: string }>('/api/accounts/', { trade_name: 'Otra Siderurgia' });
    const myProject = await api.post<{ id: string }>('/api/project/', {
      name: 'Turia call',
      customer: mine.id,
    });
    await api.post('/api/project/', { name: 'Other call', customer: theirs.id });

    const { page } = rig;
    await asAdmin(page, '/admin/api-access');
    const account = page.getByRole('combobox', { name: 'Customer', exact: true });
    await account.click();
    await account.fill('Aceros Turia');
    await page.getByRole('option', { name: 'Aceros Turia ERP' }).click();
    await page.getByLabel('Token name').fill('SAP production');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByTestId('api-token');
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(await page.getByTestId('api-example').textContent()).toContain(`Token ${token}`);

    const erp = apiClient(rig.server.url);
    const list = await erp<{ results: { id: string }[] }>('GET', '/api/project/', { token });
    expect(list.body.results.map((row) => row.id)).toEqual([myProject.id]);
    await page.getByTestId('token-list').getByText('SAP production').waitFor();

    await page.getByTestId('token-list').getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('This customer has no token.').waitFor();
    expect((await erp('GET', '/api/project/', { token })).status).toBe(401);
  });
});

describe('history', () => {
  it('shows a field changed on another device, who changed it and when, in local time', async () => {
    const marta = await apiSession(rig.server);
    const project = await marta.post<{ id: string; version: number }>('/api/project/', {
      name: 'History call',
      voyage: 'V-01',
    });
    // Another tablet changes the voyage through the sync push.
    const push = await marta.api<{ results: { status: string }[] }>('POST', '/api/sync/push/', {
      token: marta.token,
      body: {
        client_id: crypto.randomUUID(),
        device_name: 'Tablet 7',
        mutations: [
          {
            mutation_id: crypto.randomUUID(),
            seq: 1,
            resource: 'project',
            op: 'update',
            id: project.id,
            data: { voyage: 'V-02' },
            base_version: project.version,
            occurred_at: new Date().toISOString(),
          },
        ],
      },
    });
    expect(push.body.results[0]?.status).toBe('applied');

    const { page } = rig;
    await page.goto('/login');
    await signIn(page);
    await page.goto(`/project/${project.id}`);
    await page.getByRole('heading', { level: 1, name: /History call/ }).waitFor({ timeout: 60_000 });
    await page.getByTestId('history-button').first().click();
    const history = page.getByTestId('history');
    await history.getByText('V-01 → V-02').waitFor();
    const entry = history.getByTestId('history-entry').filter({ hasText: 'V-01 → V-02' });
    const text = await entry.textContent();
    expect(text).toContain('Marta Ruiz (marta)');
    // When, in the browser's local time (dd/MM/yyyy HH:mm), as the server recorded it.
    const at = (
      await rig.server.query(
        "select at from audit_log where record_id = $1 and action = 'update' order by id desc limit 1",
        [project.id],
      )
    )[0]?.at as Date;
    const local = await page.evaluate((iso) => {
      const d = new Date(iso);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
    }, new Date(at).toISOString());
    expect(text).toContain(local);
    await history.getByText('Created').waitFor();
    await expectNoRawKeys(page);
  });
});

describe('layout', () => {
  const sizes = [
    { width: 360, height: 740, touch: true },
    { width: 768, height: 1024, touch: true },
    { width: 1024, height: 768, touch: false },
    { width: 1366, height: 768, touch: false },
  ];
  // One test per width: each stays well inside the test time limit on a loaded machine.
  it.each(sizes)(
    'every page of the area fits $width px in both languages, with targets of 44 px',
    async (size) => {
      const context = await rig.browser.newContext({
        baseURL: rig.server.url,
        viewport: { width: size.width, height: size.height },
        hasTouch: size.touch,
        isMobile: size.touch && size.width < 768,
        serviceWorkers: 'allow',
      });
      const page = await context.newPage();
      await page.goto('/login');
      await signIn(page, 'boss');
      for (const language of ['en', 'es']) {
        await page.evaluate((value) => localStorage.setItem('language', value), language);
        for (const path of ['users', 'reference', 'api-access', 'devices', 'webhooks']) {
          await page.goto(`/admin/${path}`);
          await page.getByTestId('admin-menu').waitFor();
          await page.locator('main h2').first().waitFor();
          await page.waitForTimeout(300);
          // The menu takes one line before the page's work, a select on a phone.
          const menu = await page.getByTestId('admin-menu').boundingBox();
          expect(menu?.height, `the menu at ${size.width} px`).toBeLessThanOrEqual(
            size.width < 768 ? 60 : 120,
          );
          const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(wide, `${path} at ${size.width} px (${language}) scrolls sideways`).toBeLessThanOrEqual(0);
          expect(await smallTargets(page, 'main'), `${path} at ${size.width} px`).toEqual([]);
          // No button's words cut off (a button squeezed narrower than its label).
          const clipped = await page.evaluate(() =>
            [...document.querySelectorAll<HTMLElement>('main .mantine-Button-label')]
              .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
              .map((label) => label.textContent),
          );
          expect(clipped, `${path} at ${size.width} px (${language})`).toEqual([]);
          await page.screenshot({
            path: join(SHOTS, `admin-${path}-${size.width}-${language}.png`),
            fullPage: true,
          });
        }
      }
      if (size.width < 768) {
        // The phone's menu leads to the page chosen in it.
        await page.getByTestId('admin-menu').getByRole('combobox').selectOption({ label: 'Usuarios' });
        await page.getByRole('heading', { level: 2, name: 'Usuarios' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/admin/users');
      }
      await expectNoRawKeys(page);
      await context.close();
    },
  );
});
