// The reference lists in Chromium, as an admin runs them: a vessel typed twice merged into the one kept
// (its project follows), an unused entry deleted, one in use retired instead (the dialog says which
// records use it) and no longer offered in a project's select, and a port repeating another's UN/LOCODE
// refused under its field before anything is saved. In Spanish too: the dialog's words. The list's select,
// opened before the first download, stays open when the entries arrive.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSession, waitFor, waitForSync } from './projects-support';
import { expectNoRawKeys, signIn } from './support/app';
import { pagePerTest } from './support/rig';
import { PASSWORD } from './support/server';

const rig = pagePerTest();

beforeAll(async () => {
  await rig.server.createUser({ username: 'boss', password: PASSWORD, role: 'admin', first_name: 'Ana' });
});

const card = (page: Page, name: string) =>
  page.getByTestId('reference-list').locator('> div').filter({ hasText: name });

async function search(page: Page, words: string) {
  await page.getByLabel(/^(Search|Buscar)$/).fill(words);
}

describe('reference lists', () => {
  it('merges a vessel typed twice, deletes an unused one, retires one in use', async () => {
    const api = await apiSession(rig.server, 'boss');
    // Names of this run (a retry starts over on the same server).
    const run = Date.now().toString(36).slice(-4).toUpperCase();
    const [pride, pryde, spareName] = [`Ocean Pride ${run}`, `Ocean Pryde ${run}`, `Spare Hull ${run}`];
    const kept = await api.post<{ id: string }>('/api/vessel/', { name: pride });
    const twice = await api.post<{ id: string }>('/api/vessel/', { name: pryde });
    const spare = await api.post<{ id: string }>('/api/vessel/', { name: spareName });
    const project = await api.post<{ id: string }>('/api/project/', { name: 'Pride call', vessel: twice.id });

    const { page } = rig;
    await page.goto('/login');
    await signIn(page, 'boss');
    await page.goto('/admin/reference');
    await page.getByRole('heading', { level: 2, name: 'Reference lists' }).waitFor();

    // Merge: the project moves to the vessel kept, the other is gone.
    await search(page, pryde);
    await card(page, pryde).getByRole('button', { name: 'Merge' }).click();
    const merge = page.getByRole('dialog', { name: `Merge ${pryde}` });
    await merge.getByRole('button', { name: 'Merge' }).click();
    await merge.getByText('Choose the entry to keep.').waitFor();
    await merge.getByRole('combobox', { name: 'Entry kept' }).click();
    await page.getByRole('option', { name: pride }).click();
    await merge.getByRole('button', { name: 'Merge' }).click();
    await page.getByText('Merged: 1 record moved.').waitFor();
    const [moved] = await rig.server.query('select vessel from project where id = $1', [project.id]);
    expect(moved?.vessel).toBe(kept.id);
    await waitFor('the merged vessel to leave the list', async () => (await card(page, pryde).count()) === 0);

    // Unused: deleted.
    await search(page, spareName);
    await card(page, spareName).getByRole('button', { name: 'Delete' }).click();
    const unused = page.getByTestId('delete-entry');
    await unused.getByText('No record uses it: it can be deleted.').waitFor();
    await unused.getByRole('button', { name: 'Delete' }).click();
    await waitFor('the deletion on the server', async () => {
      const [row] = await rig.server.query('select deleted_at from vessel where id = $1', [spare.id]);
      return row?.deleted_at !== null;
    });

    // In use: the dialog (in Spanish) says by what, and retires it instead.
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Listas de referencia' }).waitFor();
    await search(page, pride);
    await card(page, pride).getByRole('button', { name: 'Borrar' }).click();
    const used = page.getByTestId('delete-entry');
    await used.getByText(/^Lo usa 1 registro, así que no se puede borrar/).waitFor();
    await used.getByText('1 proyecto').waitFor();
    expect(await used.getByRole('button', { name: 'Borrar' }).count()).toBe(0);
    await used.getByRole('button', { name: 'Retirar' }).click();
    // Gone from the current entries, listed with the retired ones.
    await waitFor('the entry to leave the current ones', async () => (await card(page, pride).count()) === 0);
    await page.getByRole('button', { name: 'Retiradas', exact: true }).click();
    await card(page, pride).getByText('Retirada').waitFor();
    await expectNoRawKeys(page);
    await waitFor('the retirement on the server', async () => {
      const [row] = await rig.server.query('select retired, deleted_at from vessel where id = $1', [kept.id]);
      return row?.retired === true && row?.deleted_at === null;
    });
    await page.evaluate(() => localStorage.setItem('language', 'en'));

    // Retired: still the project's vessel, no longer offered for a new one.
    await page.goto(`/project/${project.id}#general`);
    const vessel = page.getByRole('combobox', { name: 'Vessel', exact: true });
    await waitFor('the project form', async () => (await vessel.inputValue()) === pride);
    await page.goto('/project');
    await page.getByRole('heading', { level: 1, name: 'New project' }).waitFor();
    await vessel.click();
    await vessel.fill(`Ocean Pride ${run}`);
    await page.getByRole('option', { name: `Add 'Ocean Pride ${run}'` }).waitFor();
    expect(await page.getByRole('option', { name: pride, exact: true }).count()).toBe(0);
  });

  it('refuses a port repeating a UN/LOCODE, under its field, saving nothing', async () => {
    const api = await apiSession(rig.server, 'boss');
    const [existing] = await rig.server.query("select id from port where code = 'ESZZU'");
    if (!existing) await api.post('/api/port/', { name: 'Puerto Uno', code: 'ESZZU' });
    const { page } = rig;
    await page.goto('/login');
    await signIn(page, 'boss');
    await page.goto('/admin/reference');
    await page.getByRole('combobox', { name: 'List', exact: true }).click();
    await page.getByRole('option', { name: 'Ports', exact: true }).click();
    await search(page, 'Puerto Uno');
    await card(page, 'Puerto Uno').waitFor();
    await page.getByRole('button', { name: 'Add to Ports' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Ports' });
    await dialog.getByLabel('Name', { exact: true }).fill('Puerto Dos');
    await dialog.getByLabel('UN/LOCODE', { exact: true }).fill('ES ZZU');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('UN/LOCODE: already used by another entry of Ports.').waitFor();
    const field = dialog.getByLabel('UN/LOCODE', { exact: true });
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const [count] = await rig.server.query("select count(*)::int as n from port where name = 'Puerto Dos'");
    expect(count?.n).toBe(0);
  });

  it('the List select opened before the first download stays open when the entries arrive', async () => {
    // The device's first download is held until the admin has opened the select on the empty list.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await rig.context.route('**/api/sync/pull/**', async (route) => {
      await held;
      // A download the page dropped on leaving (the sign-in's) cannot go on.
      await route.continue().catch(() => undefined);
    });
    const api = await apiSession(rig.server, 'boss');
    const [existing] = await rig.server.query("select id from vessel where name = 'Held Hull'");
    if (!existing) await api.post('/api/vessel/', { name: 'Held Hull' });
    const { page } = rig;
    await page.goto('/login');
    await signIn(page, 'boss');
    await page.goto('/admin/reference');
    await page.getByText('Nothing found.').waitFor();
    const list = page.getByRole('combobox', { name: 'List', exact: true });
    await list.click();
    await page.getByRole('option', { name: 'Ports', exact: true }).waitFor();
    release();
    await card(page, 'Held Hull').waitFor();
    expect(await list.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('option', { name: 'Ports', exact: true }).click();
    await page.getByRole('button', { name: 'Add to Ports' }).waitFor();
  });

  it('on a phone in Spanish, each refusal is in Spanish and names its field', async () => {
    const context = await rig.browser.newContext({
      baseURL: rig.server.url,
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await signIn(page, 'boss');
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.goto('/admin/reference');
    // The area's menu is one select on a phone.
    await page.getByTestId('admin-menu').getByRole('combobox').waitFor();
    await page.getByRole('combobox', { name: 'Lista', exact: true }).click();
    await page.getByRole('option', { name: 'Buques', exact: true }).click();
    await page.getByRole('button', { name: 'Añadir a Buques' }).click();
    const vessel = page.getByRole('dialog', { name: 'Añadir a Buques' });
    await vessel.getByRole('button', { name: 'Guardar' }).click();
    await vessel.getByText('Nombre: este campo es obligatorio.').waitFor();
    await vessel.getByLabel('Nombre', { exact: true }).fill('Buque Tres');
    await vessel.getByLabel('Número IMO', { exact: true }).fill('9074728');
    await vessel.getByRole('button', { name: 'Guardar' }).click();
    await vessel
      .getByText('Número IMO: el dígito de control (el último) no cuadra con los demás: revise el número.')
      .waitFor();
    await vessel.locator('form').getByRole('button', { name: 'Cerrar', exact: true }).click();
    await page.getByRole('button', { name: 'Descartar los cambios' }).click();
    await vessel.waitFor({ state: 'hidden' });

    await page.getByRole('combobox', { name: 'Lista', exact: true }).click();
    await page.getByRole('option', { name: 'Puertos', exact: true }).click();
    // The port repeated below is on this phone before it is repeated (its first download has brought it),
    // as a user sees it in the list: the device's own check refuses only what the device holds.
    await search(page, 'Puerto Uno');
    await card(page, 'Puerto Uno').waitFor();
    await page.getByRole('button', { name: 'Añadir a Puertos' }).click();
    const port = page.getByRole('dialog', { name: 'Añadir a Puertos' });
    await port.getByLabel('Nombre', { exact: true }).fill('Puerto Tres');
    await port.getByLabel('UN/LOCODE', { exact: true }).fill('ES Z');
    await port.getByRole('button', { name: 'Guardar' }).click();
    await port
      .getByText('UN/LOCODE: introduzca 5 caracteres, el código del país y 3 letras o dígitos, p. ej. ESVLC.')
      .waitFor();
    await port.getByLabel('UN/LOCODE', { exact: true }).fill('ESZZU');
    await port.getByRole('button', { name: 'Guardar' }).click();
    await port.getByText('UN/LOCODE: ya lo usa otra entrada de Puertos.').waitFor();
    const [count] = await rig.server.query(
      "select count(*)::int as n from vessel where name = 'Buque Tres' union all select count(*)::int from port where name = 'Puerto Tres'",
    );
    expect(count?.n).toBe(0);
    await expectNoRawKeys(page);
    await context.close();
  });

  it("an admin adds a project status from the project form's select, and it arrives once", async () => {
    const { page } = rig;
    await signIn(page, 'boss');
    await page.goto('/project');
    await page.getByRole('heading', { level: 1, name: 'New project' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Berth wait call');
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    await status.click();
    await status.fill('Awaiting berth');
    await page.getByRole('option', { name: "Add 'Awaiting berth'" }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Project statuses' });
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Awaiting berth');
    await dialog.getByLabel('Name in Spanish', { exact: true }).fill('Esperando atraque');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => status.inputValue(), { timeout: 10_000 }).toBe('Awaiting berth');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Project Berth wait call' }).waitFor();
    await waitForSync(page, 60_000);
    await waitFor('the status and the project on the server', async () => {
      const rows = await rig.server.query(
        "select s.name_es, (select count(*)::int from project p where p.status = s.id and p.name = 'Berth wait call') as projects from project_status s where s.name = 'Awaiting berth'",
      );
      return rows.length === 1 && rows[0]?.projects === 1 && rows[0]?.name_es === 'Esperando atraque';
    });
  });
});
