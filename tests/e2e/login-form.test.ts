import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/testing';
import { expectNoRawKeys, pathOf, smallTargets } from './support/app';
import { newContext } from './support/browser';
import { E2E_DIST } from './support/paths';
import { pagePerTest } from './support/rig';
import { PASSWORD } from './support/server';

// The sign-in form as people really use it: password managers, Enter anywhere, stray spaces, Caps Lock,
// a pasted novel for a password, a Spanish interface, too many failures.

const rig = pagePerTest();

const user = (page: Page) => page.getByLabel('User');
const password = (page: Page) => page.getByLabel('Password', { exact: true });

describe('the sign-in form', () => {
  it('is one a password manager recognises: names, autocomplete tokens, a password input in a form', async () => {
    const { page } = rig;
    await page.goto('/login');
    const fields = await page.getByTestId('login-form').evaluate((form) =>
      [...form.querySelectorAll('input')].map((input) => ({
        name: input.name,
        type: input.type,
        autocomplete: input.getAttribute('autocomplete'),
      })),
    );
    expect(fields).toEqual([
      { name: 'username', type: 'text', autocomplete: 'username' },
      { name: 'password', type: 'password', autocomplete: 'current-password' },
    ]);
    expect(await page.getByTestId('login-form').locator('button[type="submit"]').count()).toBe(1);

    // Sent incomplete, the focus goes to the first field to fill.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('name'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(focused).toBe('username');
    await user(page).fill('marta');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(focused).toBe('password');
  });

  it('submits with Enter in the user field, with spaces around the name and another case', async () => {
    const { page } = rig;
    await page.goto('/login');
    // Filled the way autofill does: both values at once, then Enter from the first field.
    await password(page).fill(PASSWORD);
    await user(page).fill('  Marta ');
    await user(page).press('Enter');
    await page.getByTestId('user-bar').waitFor();
    expect(pathOf(page)).toBe('/projects');
    // The session keeps the account's own name, as the server and `npm run user` store it.
    expect(await page.evaluate(() => localStorage.getItem('username'))).toBe('marta');
  });

  it('sends one sign-in for a double Enter', async () => {
    const { page } = rig;
    await page.goto('/login');
    await user(page).fill('marta');
    await password(page).fill(PASSWORD);
    const tokens: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/get-token/')) tokens.push(request.method());
    });
    await password(page).press('Enter');
    await password(page)
      .press('Enter')
      .catch(() => undefined);
    await page.getByTestId('user-bar').waitFor();
    expect(tokens).toEqual(['POST']);
  });

  it('keeps spaces inside the password: they are part of it', async () => {
    const { page, server } = rig;
    const name = `lucia-${Date.now()}`;
    await server.createUser({ username: name, password: ' Quay Crane 42 ', first_name: 'Lucía' });
    await page.goto('/login');
    await user(page).fill(name);
    await password(page).fill('Quay Crane 42');
    await password(page).press('Enter');
    await page.getByTestId('login-failure').waitFor();
    await password(page).fill(' Quay Crane 42 ');
    await password(page).press('Enter');
    await page.getByTestId('user-bar').waitFor();
  });

  it('says Caps Lock is on while letters come out in capitals', async () => {
    const { page } = rig;
    await page.goto('/login');
    await password(page).pressSequentially('QUAY');
    await page.getByText('Caps Lock is on').waitFor();
    await password(page).pressSequentially('-crane');
    await page.getByText('Caps Lock is on').waitFor({ state: 'detached' });
  });

  it('answers a very long password with the wrong-credentials message, not a length rule', async () => {
    const { page } = rig;
    await page.goto('/login');
    await user(page).fill('marta');
    await password(page).fill('Quay-Crane-42'.repeat(100));
    await password(page).press('Enter');
    await page
      .getByTestId('login-failure')
      .getByText('Unable to log in with provided credentials.', { exact: true })
      .waitFor();
    expect(pathOf(page)).toBe('/login');
  });

  it('says wrong credentials in Spanish when the interface is Spanish', async () => {
    const { page } = rig;
    await page.goto('/login');
    await page.getByTestId('language-es').click();
    await page.getByLabel('Usuario').fill('marta');
    await page.getByLabel('Contraseña', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page
      .getByTestId('login-failure')
      .getByText('No se puede iniciar sesión con las credenciales indicadas.')
      .waitFor();
    await page.getByTestId('error-notice').getByText('No se puede iniciar sesión').waitFor();
    // The notice's close button takes a finger too.
    expect(await smallTargets(page, '.mantine-Notification-root', true)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expectNoRawKeys(page);
  });

  it('after too many failures from here, says how long to wait, in seconds or minutes, in the interface language', async () => {
    const { page, server } = rig;
    const name = `guess-${Date.now()}`;
    await server.createUser({ username: name, password: PASSWORD });
    // Failures of this name from this address, made just now (10 are free; then 1 s, 2 s, 4 s...).
    const failed = (count: number) =>
      server.query('insert into login_failure (key) select $1 from generate_series(1, $2)', [
        `pair:127.0.0.1 ${name}`,
        count,
      ]);
    await failed(15);
    await page.goto('/login');
    await page.getByTestId('language-es').click();
    await page.getByLabel('Usuario').fill(name);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    const failure = page.getByTestId('login-failure');
    await failure
      .getByText(/^Demasiados intentos fallidos\. Vuelva a intentarlo dentro de (2\d|3[0-2]) segundos\.$/)
      .waitFor();
    await failed(10);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await failure
      .getByText(/^Demasiados intentos fallidos\. Vuelva a intentarlo dentro de 1[45] minutos\.$/)
      .waitFor();
    await expectNoRawKeys(page);
  });

  it('says in the interface language when the server is too busy to check a sign-in', async () => {
    // A server that finds every sign-in would wait too long (its limit below zero): it answers 503.
    const busy = await startTestServer({ staticDir: E2E_DIST, signInMaxWaitMs: -1 });
    try {
      await busy.createUser({ username: 'marta', password: PASSWORD });
      const { browser } = rig;
      const context = await newContext(browser, busy.url);
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByTestId('language-es').click();
      await page.getByLabel('Usuario').fill('marta');
      await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page
        .getByTestId('login-failure')
        .getByText('El servidor no puede atender el inicio de sesión en este momento.', { exact: false })
        .waitFor();
      expect(pathOf(page)).toBe('/login');
      await context.close();
    } finally {
      await busy.close();
    }
  });
});
