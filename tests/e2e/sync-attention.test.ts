// "Needs attention" in the browser: a change the server refuses shows in the sync panel with the user's
// data and the server's words; fixed in the form it is sent again and arrives; another is discarded on
// purpose after a confirmation. The status bar counts it meanwhile; the admin sees the Devices screen.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/testing';
import { pick } from './projects-support';
import { expectNoRawKeys, navigate, signIn } from './support/app';
import { launchBrowser, newContext } from './support/browser';
import { PASSWORD, startAppServer } from './support/server';
import { lookupIds, waitForAllSent, waitForFirstSync, waitForServiceWorker } from './support/sync';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  await server.createUser({
    username: 'harbour_admin',
    password: PASSWORD,
    role: 'admin',
    first_name: 'Ana',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function token(username: string): Promise<string> {
  const response = await fetch(`${server.url}/api/get-token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function serverProject(code: string, name: string) {
  const response = await fetch(`${server.url}/api/project/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${await token('marta')}` },
    body: JSON.stringify({ code, name }),
  });
  expect(response.status).toBe(201);
}

describe('needs attention', () => {
  it('shows a refused change with the server words; fix and retry sends it, discard drops the other', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page);
    await waitForServiceWorker(page);
    await waitForFirstSync(page);
    const ids = await lookupIds(page);

    await context.setOffline(true);
    const made = await page.evaluate(async (status) => {
      const hooks = window.__karbontrack;
      if (!hooks) throw new Error('no e2e hooks');
      const kept = await hooks.save('project', { code: 'KT-DUP-1', name: 'MV Fix me', status });
      const dropped = await hooks.save('project', { code: 'KT-DUP-2', name: 'MV Drop me', status });
      return { kept: kept.id, dropped: dropped.id };
    }, ids.inProgress);
    // Meanwhile the office took both codes on the server.
    await serverProject('KT-DUP-1', 'Office 1');
    await serverProject('KT-DUP-2', 'Office 2');

    await context.setOffline(false);
    const bar = page.getByTestId('sync-status');
    await page.waitForFunction(() => window.__karbontrack?.status().needs_attention === 2, undefined, {
      timeout: 30_000,
    });
    expect(await bar.getAttribute('data-attention')).toBe('2');
    await bar.click();
    const items = page.getByTestId('attention-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(2);
    const first = items.filter({ hasText: 'MV Fix me' });
    // The record as a person knows it, who made the change and when (local time); never an id.
    expect(await first.getByTestId('attention-title').textContent()).toBe(
      'New: Project KT-DUP-1 · MV Fix me',
    );
    expect(await first.getByTestId('attention-by').textContent()).toMatch(
      /^By Marta Ruiz \(marta\), \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    const panel = (await page.getByTestId('attention-list').textContent()) ?? '';
    expect(panel).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(panel).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);
    // The server's refusal, keyed, worded by the device naming the field (no code of the message shown).
    const said = (await first.getByTestId('server-words').textContent()) ?? '';
    expect(said).toContain('Code: another record already has this value.');
    expect(said).not.toContain('§');
    await expectNoRawKeys(page);

    await first.getByTestId('attention-fix').click();
    const form = page.getByTestId('fix-form');
    await form.getByLabel('Code', { exact: true }).fill('KT-FIXED-1');
    await form.getByTestId('fix-send').click();
    await form.waitFor({ state: 'detached' });

    const second = items.filter({ hasText: 'MV Drop me' });
    await second.getByTestId('attention-discard').click();
    await page.getByTestId('confirm-discard').click();
    await waitForAllSent(page);

    const rows = await server.query(`select id::text, code from project where id = any($1::uuid[])`, [
      [made.kept, made.dropped],
    ]);
    expect(rows).toEqual([{ id: made.kept, code: 'KT-FIXED-1' }]);
    const local = await page.evaluate(
      async ({ kept, dropped }) => [
        await window.__karbontrack?.row('project', kept),
        await window.__karbontrack?.row('project', dropped),
      ],
      made,
    );
    expect(local[0]).toMatchObject({ code: 'KT-FIXED-1' });
    expect(local[0]?._sync).toBeUndefined();
    expect(local[1]).toBeUndefined();

    // An incidence made offline in a project the office deletes meanwhile is refused; the fix form shows
    // its users interested by their names (not their ids), and what is changed there goes back as ids.
    const people = await page.evaluate(async () => {
      const users = (await window.__karbontrack?.list('users')) ?? [];
      const idOf = (username: string) => users.find((user) => user.username === username)?.id;
      return { marta: idOf('marta'), ana: idOf('harbour_admin') };
    });
    await context.setOffline(true);
    const incidence = await page.evaluate(
      async ({ project, marta }) =>
        (
          await window.__karbontrack?.save('incidence', {
            project,
            description: 'Wet coils on the quay',
            users_interested: [marta],
          })
        )?.id ?? '',
      { project: made.kept, marta: people.marta },
    );
    const gone = await fetch(`${server.url}/api/project/${made.kept}/`, {
      method: 'DELETE',
      headers: { authorization: `Token ${await token('harbour_admin')}` },
    });
    expect(gone.status).toBe(204);
    await context.setOffline(false);
    await page.waitForFunction(() => window.__karbontrack?.status().needs_attention === 1, undefined, {
      timeout: 30_000,
    });
    const refused = items.filter({ hasText: 'Wet coils on the quay' });
    // The sync panel is still open from the discard above.
    await refused.waitFor();
    await refused.getByTestId('attention-fix').click();
    const fix = page.getByTestId('fix-form');
    expect(await fix.getByTestId('user-tag').allTextContents()).toEqual(['Marta Ruiz (marta)']);
    await pick(page, fix, 'Users interested', 'Ana (harbour_admin)');
    await fix.getByRole('button', { name: 'Remove Marta Ruiz (marta)' }).click();
    expect(await fix.getByTestId('user-tag').allTextContents()).toEqual(['Ana (harbour_admin)']);
    // The server's refusal names the deleted project by its id: said in words instead.
    const words = (await fix.textContent()) ?? '';
    expect(words).toContain('Project: the record chosen is not on the server (any more).');
    expect(words).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    await fix.getByTestId('fix-send').click();
    // Still refused (its project is gone), now with the users chosen in the form, as ids.
    await page.waitForFunction(
      async ({ id, ana }) => {
        const hooks = window.__karbontrack;
        const row = await hooks?.row('incidence', id);
        return JSON.stringify(row?.users_interested) === JSON.stringify([ana]);
      },
      { id: incidence, ana: people.ana },
    );
    await context.close();
  });

  it('shows admins every device with its pending work, and says so when offline', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'harbour_admin');
    await waitForServiceWorker(page);
    // Devices is a page of the administration: its menu leads there.
    await navigate(page, 'Administration');
    await page.getByTestId('admin-menu').getByRole('link', { name: 'Devices' }).click();
    await page.getByRole('heading', { level: 2, name: 'Devices' }).waitFor();
    await page.getByTestId('device-row').first().waitFor();
    expect(await page.getByTestId('device-row').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('devices-table').textContent()).toContain('Marta Ruiz');

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('devices-offline').waitFor();
    await context.close();
  });
});
