import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SofContent, sofHash } from '../../src/domain/sof/content.js';
import { ONE_PIXEL_PNG } from '../../tests/api/fixtures.js';
import { commodities, eventTypes, projectActivities, projectStatuses } from '../db/seed/lookup-data.js';
import { startTestServer, type TestServer } from '../testing.js';
import { findProjectHeader, loadProjectData } from './project-data.repository.js';
import { pdfPages, postForFile } from './read-files.js';
import { CORRUPT_PNG, makeReportWorld, type ReportWorld } from './report-fixture.js';
import { findSofReport, loadSofContent } from './sof-data.js';

let server: TestServer;
let world: ReportWorld;
let report: string;

beforeAll(async () => {
  server = await startTestServer();
  world = await makeReportWorld(server);
  const made = await world.api('POST', '/api/sof-report/', {
    token: world.admin,
    body: { project: world.project, berthing_wharf: 'Muelle Norte 2', remarks: 'Two stoppages.' },
  });
  report = String(made.body.id);
});
afterAll(async () => {
  await server?.close();
});

/** The SOF's content as the tablet computes it from the same rows (here from the server's database). */
async function contentNow(timeZone = 'Europe/Madrid', reportId = report): Promise<SofContent> {
  const { db } = server.server.database;
  const admin = {
    kind: 'user',
    userId: world.adminId,
    username: 'boss',
    role: 'admin',
    tokenHash: '',
  } as const;
  const project = await findProjectHeader(db, admin, world.project);
  return loadSofContent(
    db,
    await loadProjectData(db, project),
    await findSofReport(db, project.id, reportId),
    timeZone,
  );
}

const pdf = async (body: Record<string, unknown>) => {
  const response = await postForFile(server.url, `/api/project/${world.project}/make_sof_pdf/`, {
    token: world.admin,
    body: { time_zone: 'Europe/Madrid', report, ...body },
  });
  expect(response.status, response.bytes.toString()).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const pages = await pdfPages(response.bytes);
  return { response, text: pages.map((page) => page.text).join(' '), pages };
};

const sign = (role: string, name: string, content: SofContent, extra: Record<string, unknown> = {}) =>
  world.api('POST', '/api/sof-signature/', {
    token: world.admin,
    body: {
      sof_report: report,
      role,
      name,
      signed_at: '2026-11-22T09:00:00Z',
      content,
      content_hash: sofHash(content),
      image: ONE_PIXEL_PNG,
      ...extra,
    },
  });

describe('SOF PDF', () => {
  it('lays out the statement with local times, the daily table, stoppages by cause and empty signature boxes', async () => {
    const { text, response } = await pdf({ language: 'en' });
    expect(response.headers.get('x-suggested-filename')).toMatch(
      /^statement_of_facts_NS-042_\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    for (const expected of [
      'Statement of facts',
      'Local time, Europe/Madrid, UTC+01:00',
      'MV Nordic Star',
      'Muelle Norte 2',
      'Vessel arrived',
      '20/11/2026',
      '23:30', // 22:30 UTC
      'Rain',
      'Stoppage · Weather',
      'Daily working time',
      'Hours stopped by cause',
      'Two stoppages.',
      'Master',
      'Agent',
      "Stevedore's representative",
      'Name and signature',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('AMENDED');
    expect(text).toMatch(/Page 1 of \d/);
  });

  it('refuses a signature whose hash is not of its content, a protest without a remark, and any change', async () => {
    const content = await contentNow();
    const wrong = await sign('master', 'Capt. Lars Eriksen', content, { content_hash: 'a'.repeat(64) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toHaveProperty('content_hash');
    const protest = await sign('master', 'Capt. Lars Eriksen', content, { under_protest: true });
    expect(protest.status).toBe(400);
    expect(protest.body).toHaveProperty('remark');
    const notPng = await sign('master', 'Capt. Lars Eriksen', content, {
      image: 'data:image/svg+xml;base64,PHN2Zz4=',
    });
    expect(notPng.status).toBe(400);
    expect(notPng.body).toHaveProperty('image');
  });

  it('shows the three signatures of this content, then marks it amended when the content changes', async () => {
    const content = await contentNow();
    const signed = [
      await sign('master', 'Capt. Lars Eriksen', content),
      await sign('agent', 'Marta Ruiz', content),
      await sign('stevedore', 'Pedro Gil Núñez', content, {
        under_protest: true,
        remark: 'Rain not counted as laytime.',
      }),
    ];
    for (const response of signed) expect(response.status, JSON.stringify(response.body)).toBe(201);
    // Signed with the SOF report's project, never changed once made.
    expect(signed[0]?.body.project).toMatchObject({ id: world.project });
    const change = await world.api('PATCH', `/api/sof-signature/${signed[0]?.body.id}/`, {
      token: world.admin,
      body: { name: 'Someone else' },
    });
    expect(change.status).toBe(400);
    expect(change.body).toEqual({
      non_field_errors: ['This record cannot be changed once made: delete it and make a new one.'],
    });

    const now = await pdf({ language: 'en' });
    for (const name of [
      'Capt. Lars Eriksen',
      'Marta Ruiz',
      'Pedro Gil Núñez',
      'Under protest: Rain not counted as laytime.',
    ])
      expect(now.text).toContain(name);
    expect(now.text).toContain('Signed 22/11/2026 10:00');
    expect(now.text).not.toContain('Name and signature');
    expect(now.response.headers.get('x-suggested-filename')).toMatch(/_signed\.pdf$/);
    // The three pads' images are drawn (each PNG with its alpha mask).
    expect(now.response.bytes.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(
      3,
    );

    // A later change to what the SOF shows: the statement is amended and waits for new signatures.
    const events = await world.api<{ results: { id: string; notes: string | null }[] }>(
      'GET',
      `/api/project-event/?project=${world.project}`,
      { token: world.admin },
    );
    const first = events.body.results[0];
    await world.api('PATCH', `/api/project-event/${first?.id}/`, {
      token: world.admin,
      body: { notes: 'Pilot on board 22:10.' },
    });
    const amended = await pdf({ language: 'en' });
    expect(amended.text).toContain('AMENDED: this statement changed after it was signed on 22/11/2026 10:00');
    expect(amended.text).toContain('Pilot on board 22:10.');
    // The boxes are empty again (the banner still names who signed the earlier version).
    expect(amended.text.match(/Name and signature/g)).toHaveLength(3);
    expect(amended.text).not.toContain('Under protest');

    // The signed version stays downloadable as signed, from the content its signatures carry.
    const version = await pdf({ language: 'en', signed: sofHash(content) });
    expect(version.text).toContain('Signed version');
    expect(version.text).toContain('Capt. Lars Eriksen');
    expect(version.text).not.toContain('Pilot on board 22:10.');
    const none = await postForFile(server.url, `/api/project/${world.project}/make_sof_pdf/`, {
      token: world.admin,
      body: { report, signed: 'b'.repeat(64) },
    });
    expect(none.status).toBe(400);
    expect(JSON.parse(none.bytes.toString())).toEqual({ signed: ['No signatures of this version.'] });
  });

  it('shows the hour the clocks repeat at the end of summer time with its offset', async () => {
    const response = await postForFile(server.url, `/api/project/${world.dst}/make_sof_pdf/`, {
      token: world.admin,
      body: { language: 'en', time_zone: 'Europe/Madrid' },
    });
    expect(response.status).toBe(200);
    const text = (await pdfPages(response.bytes)).map((page) => page.text).join(' ');
    expect(text).toContain('Local time, Europe/Madrid, UTC+02:00 until 25/10/2026 03:00, then UTC+01:00');
    // The rain from 02:30 CEST to 02:30 CET: both ends said with their offsets.
    expect(text.replace(/\s+/g, '')).toContain('02:30(UTC+02:00)02:30(UTC+01:00)Rain');
    // Saturday 4 h, the 25-hour Sunday 21 h worked (1 h stopped), 25 h in all.
    expect(text).toMatch(/24\/10\/2026\s+Saturday\s+4\.00\s+0\.00\s+4\.00/);
    expect(text).toMatch(/25\/10\/2026\s+Sunday\s+21\.00\s+1\.00\s+20\.00/);
    expect(text).toMatch(/Totals\s+25\.00\s+1\.00\s+24\.00/);

    // In Spanish, the hours with a decimal comma as the preview writes them (they were '25.00' there).
    const spanish = await postForFile(server.url, `/api/project/${world.dst}/make_sof_pdf/`, {
      token: world.admin,
      body: { language: 'es', time_zone: 'Europe/Madrid' },
    });
    expect(spanish.status).toBe(200);
    const texto = (await pdfPages(spanish.bytes)).map((page) => page.text).join(' ');
    expect(texto).toMatch(/24\/10\/2026\s+\S+\s+4,00\s+0,00\s+4,00/);
    expect(texto).toMatch(/25,00\s+1,00\s+24,00/);
    expect(texto).not.toMatch(/\d\.00\b/);
  });

  it('shows a signature whose PNG cannot be read by its name and time, without the image', async () => {
    const other = await world.api('POST', '/api/sof-report/', {
      token: world.admin,
      body: { project: world.project, berthing_wharf: 'Muelle Sur 1' },
    });
    const otherId = String(other.body.id);
    const content = await contentNow('Europe/Madrid', otherId);
    const signed = await world.api('POST', '/api/sof-signature/', {
      token: world.admin,
      body: {
        sof_report: otherId,
        role: 'agent',
        name: 'Marta Ruiz',
        signed_at: '2026-11-22T09:00:00Z',
        content,
        content_hash: sofHash(content),
        image: CORRUPT_PNG,
      },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const { text, response } = await pdf({ language: 'en', report: otherId });
    expect(text).toContain('Marta Ruiz');
    expect(text).toContain('Signed 22/11/2026 10:00');
    expect(response.bytes.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it("is in Spanish, with none of the seed's English names", async () => {
    const { text, response } = await pdf({ language: 'es' });
    expect(response.headers.get('x-suggested-filename')).toMatch(/^hechos_escala_NS-042_/);
    for (const expected of [
      'Hechos de la escala',
      'Hora local, Europe/Madrid',
      'Lluvia',
      'Capitán',
      'Agente',
    ])
      expect(text).toContain(expected);
    const english = [
      ...eventTypes.map(([name]) => name),
      ...commodities.map((row) => row.name),
      ...projectActivities.map((row) => row.name),
      ...projectStatuses.map(([name]) => name),
    ];
    expect(
      english.filter((name) => text.includes(name)),
      text,
    ).toEqual([]);
  });
});
