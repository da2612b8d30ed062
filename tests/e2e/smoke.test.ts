import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/first-start';
import { expectNoRawKeys, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { type StartedProduct, startProduct } from './support/product';

let product: StartedProduct;
let browser: Browser;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('the started product', () => {
  it('serves the app: the product page first, then a demo user signs in to the projects screen', async () => {
    const context = await newContext(browser, product.url, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('Karbontrack');
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    const demo = DEMO_USERS[1];
    await signIn(page, demo.username, demo.password);
    expect(await page.getByTestId('welcome').textContent()).toBe(
      `Welcome, ${demo.first_name} ${demo.last_name}`,
    );
    await expectNoRawKeys(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
