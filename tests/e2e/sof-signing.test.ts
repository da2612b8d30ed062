// The statement of facts signed on the tablet, in real Chromium at 768 px portrait with touch: offline,
// the master (with a finger: touch events), the agent and the stevedore's representative (under
// protest) sign on the pad; back online the signatures sync, and the PDF downloaded has the three names.
// Then at 1366 px in Spanish with a mouse (a stylus alike), another statement of the call.
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../../server/reports/read-files';
import type { TestServer } from '../../server/testing';
import { localRows, waitFor, waitForServiceWorker, waitForSync } from './projects-support';
import { expectNoRawKeys, openSection, signIn } from './support/app';
import { launchBrowser } from './support/browser';
import { callSetup } from './support/call';
import { startAppServer } from './support/server';
import { drawSignature } from './support/signature';
import { waitForFirstSync } from './support/sync';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let projectId = '';
let reportId = '';
let spanishReportId = '';
let phoneReportId = '';
const SHOTS = process.env.E2E_SHOTS_DIR;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const call = await callSetup(server);
  const api = call.api;
  projectId = await call.project('SOF-1', 'Signed call', { init_date: '2026-11-20' });
  await call.event(projectId, 'Vessel arrived', '2026-11-20T05:40:00Z');
  const shift = await call.event(projectId, 'Working shift', '2026-11-20T08:00:00Z', '2026-11-20T14:00:00Z');
  await call.event(projectId, 'Rain', '2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z');
  const hand = await call.hand(shift, {
    description: 'Gang A',
    init_date: '2026-11-20T08:00:00Z',
    end_date: '2026-11-20T14:00:00Z',
  });
  await call.coils(
    projectId,
    [1, 2, 3].map((n) => ({
      reference: `SG-${n}`,
      net_weight: '12000.500',
      // 500 pieces each: the statement's 1,500 units show its thousands grouped ('1.500' in Spanish).
      quantity: '500',
      processed_quantity: '500',
      validated: true,
      validation_datetime: `2026-11-20T${String(8 + n).padStart(2, '0')}:00:00Z`,
      validation_hand: hand,
      validation_hold: n,
    })),
  );
  reportId = (
    await api.post<{ id: string }>('/api/sof-report/', { project: projectId, berthing_wharf: 'Berth 4' })
  ).id;
  spanishReportId = (
    await api.post<{ id: string }>('/api/sof-report/', { project: projectId, berthing_wharf: 'Muelle 5' })
  ).id;
  phoneReportId = (
    await api.post<{ id: string }>('/api/sof-report/', { project: projectId, berthing_wharf: 'Muelle 6' })
  ).id;
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 768, height: 1024 },
    hasTouch: true,
    serviceWorkers: 'allow',
    acceptDownloads: true,
  });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

const WORDS = {
  en: {
    name: 'Full name',
    protest: 'Sign under protest',
    why: 'Why (the protest)',
    clear: 'Clear',
    signed: 'Signed by',
  },
  es: {
    name: 'Nombre y apellidos',
    protest: 'Firmar bajo protesta',
    why: 'Motivo de la protesta',
    clear: 'Borrar',
    signed: 'Firmado por',
  },
};

async function signAs(
  dialog: Locator,
  role: string,
  name: string,
  finger: boolean,
  protest?: string,
  language: keyof typeof WORDS = 'en',
) {
  const words = WORDS[language];
  const on = dialog.page();
  await dialog.getByTestId(`sign-as-${role}`).click();
  const form = dialog.getByTestId(`sign-form-${role}`);
  await form.getByLabel(words.name).fill(name);
  if (protest) {
    await form.getByLabel(words.protest).check();
    await form.getByLabel(words.why).fill(protest);
  }
  await drawSignature(on, form.getByTestId('signature-pad'), finger);
  // The pad took the strokes (its Clear button is enabled once it holds one).
  await waitFor('the strokes on the pad', () => form.getByRole('button', { name: words.clear }).isEnabled());
  if (SHOTS && role === 'stevedore')
    await on.screenshot({ path: `${SHOTS}/sof-signing-${on.viewportSize()?.width}-${language}-pad.png` });
  await form.getByTestId('sign-submit').click();
  await dialog.getByTestId(`signer-${role}`).getByText(`${words.signed} ${name}`, { exact: false }).waitFor();
}

/** The page as it is at 360 px and at 1366 px (E2E_SHOTS_DIR), back to 360 px. */
async function shots(on: Page, name: string) {
  for (const width of [360, 1366]) {
    await on.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await on.screenshot({ path: `${SHOTS}/${name}-${width}-es.png`, fullPage: true });
  }
  await on.setViewportSize({ width: 360, height: 740 });
}

describe('signing the statement of facts on the tablet', () => {
  it('offline: the master, the agent and the stevedore sign; synced, the PDF has their names', async () => {
    await page.goto('/login');
    await signIn(page);
    await waitForServiceWorker(page);
    await waitForFirstSync(page);
    await page.goto(`/project/${projectId}`);
    await page.getByRole('heading', { level: 1, name: 'Project Signed call' }).waitFor();
    await waitFor('the call on the device', async () => (await localRows(page, 'packing-list')).length === 3);
    await waitFor(
      'the SOF report on the device',
      async () => (await localRows(page, 'sof-report')).length === 3,
    );

    await context.setOffline(true);
    await openSection(page, 'reports');
    await page.getByTestId('section-reports').getByRole('tab', { name: 'SOF report', exact: true }).click();
    await page
      .getByTestId('report-list-sof_report')
      .getByTestId('report-row')
      .filter({ hasText: 'Berth 4' })
      .getByTestId('sof-sign')
      .click();
    const dialog = page.getByTestId('sign-modal');
    await dialog.getByTestId('sof-preview').waitFor();
    expect(await dialog.getByTestId('signing-state').getAttribute('data-state')).toBe('unsigned');
    // What the signers read: the events in the call's local time.
    await dialog.getByText('Vessel arrived', { exact: true }).waitFor();

    // Signing needs a name and a signature; nothing is saved without them.
    await dialog.getByTestId('sign-as-master').click();
    await dialog.getByTestId('sign-form-master').getByTestId('sign-submit').click();
    await dialog.getByText("Full name: write the signer's name.").waitFor();
    await dialog.getByText('Signature: sign in the box.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await signAs(dialog, 'master', 'Capt. Lars Eriksen', true);
    await signAs(dialog, 'agent', 'Marta Ruiz', false);
    await signAs(dialog, 'stevedore', 'Pedro Gil Núñez', true, 'Rain stop not agreed.');
    expect(await dialog.getByTestId('signing-state').getAttribute('data-state')).toBe('signed');
    await expectNoRawKeys(page);
    const local = await localRows(page, 'sof-signature');
    expect(local).toHaveLength(3);
    expect(local.every((row) => String(row.image).startsWith('data:image/png;base64,'))).toBe(true);
    expect(await server.query('select count(*)::int as n from sof_signature')).toEqual([{ n: 0 }]);

    await context.setOffline(false);
    await waitForSync(page);
    const stored = await server.query(
      'select role, name, under_protest, remark, project from sof_signature where sof_report = $1 order by signed_at',
      [reportId],
    );
    expect(stored.map((row) => [row.role, row.name, row.under_protest, row.project])).toEqual([
      ['master', 'Capt. Lars Eriksen', false, projectId],
      ['agent', 'Marta Ruiz', false, projectId],
      ['stevedore', 'Pedro Gil Núñez', true, projectId],
    ]);

    // The PDF the server makes is the statement they signed: their names, no amendment.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('sof-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement_of_facts_SOF-1_.*_signed\.pdf$/);
    const text = (await pdfPages(await readFile(await download.path()))).map((one) => one.text).join(' ');
    for (const name of [
      'Capt. Lars Eriksen',
      'Marta Ruiz',
      'Pedro Gil Núñez',
      'Under protest: Rain stop not agreed.',
    ])
      expect(text).toContain(name);
    expect(text).not.toContain('AMENDED');
    expect(text).toContain('Berth 4');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sof-signing-768-en.png`, fullPage: true });
  });

  it('in Spanish at 1366 px with a mouse or a stylus: signed, synced, the Spanish PDF has the names', async () => {
    const office = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1366, height: 900 },
      serviceWorkers: 'allow',
      acceptDownloads: true,
    });
    try {
      const desk = await office.newPage();
      await desk.goto('/login');
      await signIn(desk);
      await waitForFirstSync(desk);
      await desk.getByTestId('language-es').click();
      await desk.goto(`/project/${projectId}`);
      await desk.getByRole('heading', { level: 1, name: 'Proyecto Signed call' }).waitFor();
      await openSection(desk, 'reports');
      await desk
        .getByTestId('section-reports')
        .getByRole('tab', { name: 'Informe de hechos (SOF)', exact: true })
        .click();
      const row = desk.getByTestId('report-row').filter({ hasText: 'Muelle 5' });
      await row.getByTestId('sof-sign').click();
      const dialog = desk.getByTestId('sign-modal');
      await dialog.getByTestId('sof-preview').waitFor();
      // The statement in Spanish: the seed's event names by their Spanish names.
      await dialog.getByText('Llegada del buque', { exact: true }).waitFor();
      // Numbers as Spanish writes them, thousands grouped (Intl alone leaves '1500' in Spanish).
      await dialog.getByText('Horas trabajadas 6,00, paradas 1,00; 1.500 unidades, 36,00 t.').waitFor();
      await signAs(dialog, 'master', 'Capt. Lars Eriksen', false, undefined, 'es');
      await signAs(dialog, 'agent', 'Marta Ruiz', false, undefined, 'es');
      await signAs(dialog, 'stevedore', 'Pedro Gil Núñez', false, 'Parada por lluvia no acordada.', 'es');
      expect(await dialog.getByTestId('signing-state').getAttribute('data-state')).toBe('signed');
      await dialog.getByText('Firmada por el capitán, el agente y el representante de la estiba.').waitFor();
      await expectNoRawKeys(desk);
      if (SHOTS) await desk.screenshot({ path: `${SHOTS}/sof-signing-1366-es.png`, fullPage: true });
      await waitForSync(desk);
      const stored = await server.query(
        'select role, name from sof_signature where sof_report = $1 order by signed_at',
        [spanishReportId],
      );
      expect(stored.map((one) => one.role)).toEqual(['master', 'agent', 'stevedore']);
      const [download] = await Promise.all([
        desk.waitForEvent('download'),
        dialog.getByTestId('sof-pdf').click(),
      ]);
      const text = (await pdfPages(await readFile(await download.path()))).map((one) => one.text).join(' ');
      for (const words of ['Pedro Gil Núñez', 'Bajo protesta: Parada por lluvia no acordada.', 'Muelle 5'])
        expect(text).toContain(words);
      expect(text).not.toContain('Vessel arrived');
    } finally {
      await office.close();
    }
  });

  it("on a phone in Spanish, the device's refusals name their field in Spanish and nothing is saved", async () => {
    const phone = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const hand = await phone.newPage();
      await signIn(hand);
      await hand.evaluate(() => localStorage.setItem('language', 'es'));
      await waitForFirstSync(hand);

      // A signer's name longer than the statement keeps (150 characters): refused under the name.
      await hand.goto(`/project/${projectId}`);
      await hand.getByRole('heading', { level: 1, name: 'Proyecto Signed call' }).waitFor();
      await openSection(hand, 'reports');
      await hand
        .getByTestId('section-reports')
        .getByRole('tab', { name: 'Informe de hechos (SOF)', exact: true })
        .click();
      const row = hand.getByTestId('report-row').filter({ hasText: 'Muelle 6' });
      await row.waitFor();
      // The row's worded actions ('Firmar o descargar la relación de hechos') wrap: no sideways scroll.
      expect(await hand.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await row.getByTestId('sof-sign').click();
      const dialog = hand.getByTestId('sign-modal');
      await dialog.getByTestId('sof-preview').waitFor();
      await dialog.getByTestId('sign-as-master').click();
      const form = dialog.getByTestId('sign-form-master');
      await form.getByLabel(WORDS.es.name).fill('Capitán '.repeat(20));
      await drawSignature(hand, form.getByTestId('signature-pad'), true);
      await waitFor('the strokes on the pad', () =>
        form.getByRole('button', { name: WORDS.es.clear }).isEnabled(),
      );
      await form.getByTestId('sign-submit').click();
      await form.getByText('Nombre y apellidos: como máximo 150 caracteres.', { exact: true }).waitFor();
      expect(await form.getByLabel(WORDS.es.name).getAttribute('aria-invalid')).toBe('true');
      if (SHOTS) await shots(hand, 'refusal-sign');
      expect(
        (await localRows(hand, 'sof-signature')).filter((row) => row.sof_report === phoneReportId),
      ).toEqual([]);

      // A container report without its number: refused under the number, not kept.
      await hand.goto('/report');
      await hand.getByRole('heading', { name: 'Nuevo informe de contenedor', exact: true }).waitFor();
      await hand.getByRole('button', { name: 'Guardar', exact: true }).click();
      await hand.getByText('Número de contenedor: este campo es obligatorio.', { exact: true }).waitFor();
      if (SHOTS) await shots(hand, 'refusal-container');
      expect(await localRows(hand, 'container-report')).toEqual([]);
      await expectNoRawKeys(hand);
      expect(
        await server.query('select count(*)::int as n from sof_signature where sof_report = $1', [
          phoneReportId,
        ]),
      ).toEqual([{ n: 0 }]);
      expect(await server.query('select count(*)::int as n from container_report')).toEqual([{ n: 0 }]);
    } finally {
      await phone.close();
    }
  });
});
