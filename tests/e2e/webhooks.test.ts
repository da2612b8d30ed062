// The Webhooks page (admins) in Chromium: an admin picks a customer, adds its ERP's endpoint (a receiver
// on loopback here) with an event, copies the secret, sees the delivery of a change arrive, replays it;
// the page fits 360, 768, 1024 and 1366 px in English and Spanish; staff see no entry for it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { type Receiver, startReceiver, waitFor } from '../../server/webhooks/receiver';
import { expectNoRawKeys, navigate } from './support/app';
import { launchBrowser } from './support/browser';
import { PASSWORD, startAppServer } from './support/server';

let server: TestServer;
let browser: Browser;
let receiver: Receiver;
let adminToken = '';
let account = '';

const SHOTS = process.env.E2E_SHOTS_DIR;

async function openAs(username: string, width: number, language: 'en' | 'es' = 'en'): Promise<Page> {
  const small = width < 1024;
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: small ? 800 : 900 },
    hasTouch: small,
    isMobile: width < 768,
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(language === 'es' ? 'Usuario' : 'User').fill(username);
  await page.getByLabel(language === 'es' ? 'Contraseña' : 'Password', { exact: true }).fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('user-bar').waitFor({ timeout: 60_000 });
  return page;
}

async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  [server, browser, receiver] = await Promise.all([startAppServer(), launchBrowser(), startReceiver()]);
  await server.createUser({
    username: 'ana',
    password: PASSWORD,
    role: 'admin',
    first_name: 'Ana',
    last_name: 'Marín',
  });
  const token = await fetch(`${server.url}/api/get-token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ana', password: PASSWORD }),
  });
  adminToken = ((await token.json()) as { token: string }).token;
  const made = await fetch(`${server.url}/api/accounts/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${adminToken}` },
    body: JSON.stringify({ trade_name: 'Aceros del Norte' }),
  });
  account = ((await made.json()) as { id: string }).id;
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await server?.close();
});

async function chooseCustomer(page: Page, label: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: 'Aceros del Norte' }).click({ timeout: 60_000 });
}

describe('the Webhooks page', () => {
  it('adds an endpoint, shows its secret once, lists the delivery of a change and sends it again', async () => {
    const page = await openAs('ana', 1366);
    // Webhooks is a page of the administration: its menu leads there.
    await navigate(page, 'Administration');
    await page.getByTestId('admin-menu').getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { level: 2, name: 'Webhooks' }).waitFor();
    await chooseCustomer(page, 'Customer');
    await page.getByTestId('endpoint-form').waitFor();
    const before = receiver.received.length;
    // A refused address is named under its field, and nothing is lost.
    await page.getByLabel('Address').fill('http://erp.example.com/hook');
    await page.getByLabel('Project created').check();
    await page.getByTestId('endpoint-save').click();
    await page.getByText('Use an https:// address').waitFor();
    await page.getByLabel('Address').fill(receiver.url);
    await page.getByTestId('endpoint-save').click();
    const secret = await page.getByTestId('endpoint-secret').locator('pre, code').first().textContent();
    expect(secret).toMatch(/^whsec_/);
    await page.getByTestId('endpoint-card').waitFor();

    const created = await fetch(`${server.url}/api/project/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${adminToken}` },
      body: JSON.stringify({ name: 'Star Lindesnes', customer: account }),
    });
    expect(created.status).toBe(201);
    const project = ((await created.json()) as { id: string }).id;
    const mine = () => receiver.received.filter((r) => JSON.parse(r.body).data.id === project);
    await waitFor('the delivery', () => mine().length === 1);
    const card = page.getByTestId('endpoint-card').last();
    await card.getByTestId('show-deliveries').click();
    await card.getByTestId('delivery-row').getByText('Delivered').waitFor();
    await card.getByTestId('replay').first().click();
    await waitFor('the replay', () => mine().length === 2);
    expect(mine()[1].headers['webhook-id']).toBe(mine()[0].headers['webhook-id']);
    expect(receiver.received.length).toBe(before + 2);
    await expectNoRawKeys(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhooks-1366-en.png`, fullPage: true });
    await page.context().close();
  });

  it.each([360, 768, 1024, 1366])('fits %i px in English and Spanish', async (width) => {
    for (const language of ['en', 'es'] as const) {
      const page = await openAs('ana', width, language);
      await page.goto('/admin/webhooks');
      await chooseCustomer(page, language === 'es' ? 'Cliente' : 'Customer');
      const card = page.getByTestId('endpoint-card').first();
      await card.waitFor();
      await card.getByTestId('show-deliveries').click();
      await card.getByTestId('delivery-row').first().waitFor();
      await fitsWidth(page);
      await expectNoRawKeys(page);
      if (language === 'es') await page.getByText('Entregado').first().waitFor();
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/webhooks-${width}-${language}.png`, fullPage: true });
      await page.context().close();
    }
  });

  it('has no entry for staff', async () => {
    const page = await openAs('marta', 1366);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Projects' }).waitFor();
    expect(await page.getByTestId('sidebar').getByRole('link', { name: 'Administration' }).count()).toBe(0);
    expect(await page.getByTestId('sidebar').getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    await page.context().close();
  });
});
