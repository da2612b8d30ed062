import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens';
import { expectNoRawKeys, signIn, smallTargets } from './support/app';
import { pagePerTest } from './support/rig';
import { PASSWORD } from './support/server';

// Password change under the settings menu: the spec notice, and the server's rules said in the
// interface language.

const rig = pagePerTest();

/** A user of this test alone (unique, so a second run of the test starts clean), signed in. */
async function signInNewUser(page: Page, tag: string): Promise<string> {
  const username = `${tag}-${Date.now()}`;
  await rig.server.createUser({ username, password: PASSWORD, first_name: 'Pedro' });
  await page.goto('/login');
  await signIn(page, username);
  return username;
}

async function signsInWith(username: string, password: string): Promise<boolean> {
  const answer = await fetch(`${rig.server.url}/api/get-token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return answer.status === 200;
}

describe('password change', () => {
  it('changes the password from the settings menu with the spec notice', async () => {
    const { page } = rig;
    const username = await signInNewUser(page, 'pedro');
    await page.getByTestId('settings').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Current password').waitFor();
    // Its close (x), eye toggles and buttons take a gloved finger.
    expect(await smallTargets(page, '[role="dialog"]', true)).toEqual([]);
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByLabel('New password', { exact: true }).fill('Hold-Three-Coils-9');
    await dialog.getByLabel('New password (again)').fill('Hold-Three-Coils-9');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sucessfully saved new password').waitFor();
    await page.getByText('Change password', { exact: true }).first().waitFor();
    expect(await signsInWith(username, 'Hold-Three-Coils-9')).toBe(true);
    await expectNoRawKeys(page);
  });

  it("says the server's password rules in Spanish, a too long one before sending, and Enter saves", async () => {
    const { page } = rig;
    const username = await signInNewUser(page, 'rosa');
    await page.getByTestId('language-es').click();
    await page.getByTestId('settings').click();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
    const current = dialog.getByLabel('Contraseña actual');
    const first = dialog.getByLabel('Nueva contraseña', { exact: true });
    const again = dialog.getByLabel('Nueva contraseña (repetir)');

    await current.fill('Not-My-Password-1');
    await first.fill('short1');
    await again.fill('short1');
    await again.press('Enter');
    await dialog.getByText('La contraseña actual no es correcta. Escríbala de nuevo.').waitFor();
    await dialog.getByText('Esta contraseña es demasiado corta. Debe tener al menos 8 caracteres.').waitFor();
    await page.getByTestId('error-notice').getByText('La contraseña actual no es correcta').waitFor();

    await current.fill(PASSWORD);
    await first.fill(`${username}-x`);
    await again.fill(`${username}-x`);
    await again.press('Enter');
    await dialog.getByText('La contraseña se parece demasiado al nombre de usuario.').waitFor();

    const long = 'Hold-Three-Coils-9'.repeat(20);
    await first.fill(long);
    await again.fill(long);
    await again.press('Enter');
    await dialog.getByText('Nueva contraseña: como máximo 256 caracteres').first().waitFor();
    await expectNoRawKeys(page);
    expect(await signsInWith(username, PASSWORD)).toBe(true);

    await first.fill('Hold-Three-Coils-9');
    await again.fill('Hold-Three-Coils-9');
    await again.press('Enter');
    await page.getByText('Nueva contraseña guardada correctamente').waitFor();
    expect(await signsInWith(username, 'Hold-Three-Coils-9')).toBe(true);
  });

  it('after too many wrong current passwords, says how long to wait, in Spanish', async () => {
    const { page } = rig;
    await signInNewUser(page, 'nuria');
    await page.getByTestId('language-es').click();
    // Wrong current passwords made just now with this session's token (10 are free; then 1 s, 2 s...).
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await rig.server.query('insert into login_failure (key) select $1 from generate_series(1, 14)', [
      `change:${hashToken(token ?? '')}`,
    ]);
    await page.getByTestId('settings').click();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
    await dialog.getByLabel('Contraseña actual').fill('Not-My-Password-1');
    await dialog.getByLabel('Nueva contraseña', { exact: true }).fill('Hold-Three-Coils-9');
    await dialog.getByLabel('Nueva contraseña (repetir)').fill('Hold-Three-Coils-9');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page
      .getByTestId('error-notice')
      .getByText(
        /^Demasiadas contraseñas actuales incorrectas\. Inténtelo de nuevo dentro de 1[0-6] segundo\(s\)\.$/,
      )
      .waitFor();
    await expectNoRawKeys(page);
  });
});
