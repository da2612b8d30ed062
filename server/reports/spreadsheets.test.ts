import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { cellLabelled, openXlsx, postForFile, rowStarting, rowsOf } from './read-files.js';
import { INJECTION, INJECTION_REF, makeReportWorld, type ReportWorld } from './report-fixture.js';

let server: TestServer;
let world: ReportWorld;

beforeAll(async () => {
  server = await startTestServer();
  world = await makeReportWorld(server);
});
afterAll(async () => {
  await server?.close();
});

const make = (
  kind: 'coil' | 'sof' | 'prompter',
  project: string,
  body?: unknown,
  headers?: Record<string, string>,
) =>
  postForFile(server.url, `/api/project/${project}/make_${kind}_report/`, {
    token: world.admin,
    body,
    headers,
  });

async function sheetOf(kind: 'coil' | 'sof' | 'prompter', project: string, body?: unknown, index = 0) {
  const response = await make(kind, project, body);
  expect(response.status, response.bytes.toString()).toBe(200);
  const workbook = await openXlsx(response.bytes);
  const sheet = workbook.worksheets[index];
  if (!sheet) throw new Error('no sheet');
  return { response, workbook, sheet };
}

describe('coil report', () => {
  it('has the header block, the ratios per group, totals and one tab per commodity_hold', async () => {
    const { response, workbook, sheet } = await sheetOf('coil', world.project, { language: 'en' });
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('x-suggested-filename')).toMatch(
      /^coil_report_NS-042_\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="coil_report_NS-042_/);
    expect(sheet.getCell('A1').value).toBe('Coil report');
    expect(cellLabelled(sheet, 'Vessel')?.value).toBe('MV Nordic Star');
    expect(cellLabelled(sheet, 'Port')?.value).toBe('Sagunto');
    expect(cellLabelled(sheet, 'Customer')?.value).toBe('Aceros del Turia');
    expect(cellLabelled(sheet, 'Dates')?.value).toBe('20/11/2026 – 22/11/2026');
    expect(cellLabelled(sheet, 'Project')?.value).toBe('NS-042 — Call NS-042');

    const header = rowStarting(sheet, 'Commodity');
    expect(header?.slice(0, 15)).toEqual([
      'Commodity',
      'Activity',
      'Hands',
      'Quantity (units)',
      'Tons (MT)',
      'Lifts',
      'Gross time (h)',
      'Delay (h)',
      'Net time (h)',
      'Effective time (h)',
      'Coils / hour',
      'Tons / hour',
      'Lifts / hour',
      'Tons ratio (MT/h)',
      'Load ratio (units/h)',
    ]);
    // Hands 06-14 and 10-18 (12 h), rain 13-15 and the crane 17-18 (3 h): 9 h net, 9.000708 t, 5 coils, 4 lifts.
    expect(rowStarting(sheet, 'Coil')?.slice(0, 16)).toEqual([
      'Coil',
      'Discharge',
      2,
      5,
      9,
      4,
      12,
      3,
      9,
      9,
      0.56,
      1,
      0.44,
      1,
      0.56,
      10,
    ]);
    expect(rowStarting(sheet, 'Totals')?.slice(2, 10)).toEqual([2, 5, 9, 4, 12, 3, 9, 9]);
    expect(rowStarting(sheet, 'Weather')?.[1]).toBe(2);
    expect(rowStarting(sheet, 'Stevedore')?.[1]).toBe(1);
    expect(workbook.worksheets.map((tab) => tab.name)).toEqual(['Coil report', 'coil_1', 'coil_2']);
    expect(rowStarting(workbook.worksheets[1] as never, 'Coil')?.slice(2, 5)).toEqual([1, 2, 3]);
  });

  it('writes a formula-looking text as a text cell, never as a formula', async () => {
    const { response, sheet } = await sheetOf('coil', world.project);
    const agency = cellLabelled(sheet, 'Agency');
    expect(agency?.value).toBe(INJECTION);
    expect(agency?.type).toBe(3); // ExcelJS ValueType.String
    expect(agency?.numFmt).toBe('@');
    expect(agency?.formula).toBeUndefined();
    // Styles are shared between cells of one look: a label's bold never spreads to its value.
    expect(agency?.font?.bold).toBeFalsy();
    const label = sheet.getCell(String(agency?.address).replace(/^B/, 'A'));
    expect([label.value, label.font?.bold]).toEqual(['Agency', true]);
    // No formula anywhere in the file.
    const { default: yauzl } = await import('yauzl');
    const xml = await new Promise<string>((resolve, reject) => {
      yauzl.fromBuffer(response.bytes, { lazyEntries: true }, (error, zip) => {
        if (error || !zip) return reject(error);
        let text = '';
        zip.on('entry', (entry: { fileName: string }) => {
          if (!entry.fileName.startsWith('xl/worksheets/')) return zip.readEntry();
          zip.openReadStream(entry as never, (streamError, stream) => {
            if (streamError || !stream) return reject(streamError);
            stream.on('data', (chunk: Buffer) => {
              text += chunk.toString();
            });
            stream.on('end', () => zip.readEntry());
          });
        });
        zip.on('end', () => resolve(text));
        zip.readEntry();
      });
    });
    expect(xml).toContain('<sheetData>');
    expect(xml).not.toContain('<f>');
  });

  it("shows '—' for a ratio over zero net time", async () => {
    const { sheet } = await sheetOf('coil', world.stopped);
    const row = rowStarting(sheet, 'Coil');
    expect(row?.slice(6, 16)).toEqual([2, 2, 0, 0, '—', '—', '—', '—', '—', 0]);
    expect(row?.[4]).toBe(25);
  });

  it('is in Spanish when asked, by the body or by Accept-Language', async () => {
    const { response, sheet } = await sheetOf('coil', world.project, { language: 'es' });
    expect(response.headers.get('x-suggested-filename')).toMatch(/^informe_bobinas_NS-042_/);
    expect(sheet.getCell('A1').value).toBe('Informe de bobinas');
    expect(cellLabelled(sheet, 'Buque')?.value).toBe('MV Nordic Star');
    expect(rowStarting(sheet, 'Meteorología')?.[1]).toBe(2);
    expect(rowStarting(sheet, 'Bobina')).toBeDefined();
    expect(rowStarting(sheet, 'Coil')).toBeUndefined();
    const byHeader = await make('coil', world.project, undefined, {
      'accept-language': 'es-ES,es;q=0.9,en;q=0.5',
    });
    expect((await openXlsx(byHeader.bytes)).worksheets[0]?.getCell('A1').value).toBe('Informe de bobinas');
  });

  it("narrows to a coil report's commodity and activity, and refuses another project's report", async () => {
    const { api, admin, lookups } = world;
    const report = await api('POST', '/api/coil-report/', {
      token: admin,
      body: {
        project: world.project,
        commodity: lookups.coil,
        activity: lookups.discharge,
        stevedores: 'Estibadora Sur',
      },
    });
    expect(report.status).toBe(201);
    const { sheet } = await sheetOf('coil', world.project, { report: report.body.id });
    expect(cellLabelled(sheet, 'Stevedores')?.value).toBe('Estibadora Sur');
    expect(rowStarting(sheet, 'Totals')?.[3]).toBe(5);
    const wrong = await make('coil', world.empty, { report: report.body.id });
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.bytes.toString())).toEqual({ report: ['No such report in this project.'] });
  });
});

describe('SOF report', () => {
  it('lists the events with dates and times and a daily table with totals', async () => {
    const { sheet } = await sheetOf('sof', world.project);
    expect(sheet.getCell('A1').value).toBe('Statement of facts');
    const rows = rowsOf(sheet);
    const event = (name: string) => rows.find((row) => row[4] === name);
    expect(event('Vessel arrived')?.slice(0, 4)).toEqual(['20/11/2026', 'Friday', '22:30', '']);
    expect(event('Rain')?.slice(0, 6)).toEqual([
      '21/11/2026',
      'Saturday',
      '13:00',
      '15:00',
      'Rain',
      'Stoppage',
    ]);
    expect(event('Working shift')?.[7]).toBe(INJECTION);
    const daily = rows.filter((row) => row[0] === '21/11/2026' && row[1] === 'Saturday');
    // The daily row: 12 h worked, 3 h stopped, 9 h net, 2 gangs, 5 units, 9.00 t.
    expect(daily.at(-1)?.slice(2, 8)).toEqual([12, 3, 9, 2, 5, 9]);
    expect(rowStarting(sheet, 'Totals')?.slice(2, 8)).toEqual([12, 3, 9, 2, 5, 9]);
    expect(rowsOf(sheet).some((row) => row.includes('Master'))).toBe(true);
  });

  it('writes times in the time zone asked for', async () => {
    const { sheet } = await sheetOf('sof', world.project, { time_zone: 'Europe/Madrid', language: 'es' });
    // The event type by its Spanish name (lookupLabel), as the tablet shows it.
    const rain = rowsOf(sheet).find((row) => row[4] === 'Lluvia');
    expect(rain?.slice(0, 4)).toEqual(['21/11/2026', 'Sábado', '14:00', '16:00']);
    expect(rowsOf(sheet).some((row) => row.includes('Rain'))).toBe(false);
    const bad = await make('sof', world.project, { time_zone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
  });
});

describe('prompter report', () => {
  it('sums validations by hand and hold and lists each one with its lift', async () => {
    const { workbook, sheet } = await sheetOf('prompter', world.project);
    const rows = rowsOf(sheet);
    const morning = rows.filter((row) => String(row[0]).startsWith('Morning gang'));
    expect(morning.map((row) => row.slice(1, 6))).toEqual([
      [1, 2, 1, 2, 3],
      [2, 1, 1, 1, 3],
    ]);
    expect(rowStarting(sheet, 'Totals')?.slice(2, 6)).toEqual([5, 4, 5, 9]);
    const details = workbook.worksheets[1];
    if (!details) throw new Error('no details sheet');
    const first = rowsOf(details)[1];
    expect(first?.slice(1, 9)).toEqual([
      1,
      1,
      INJECTION_REF,
      'Coil',
      1,
      1000.125,
      '21/11/2026 07:10',
      'Ana Marín',
    ]);
    expect(rowStarting(details, 'Totals')?.slice(2, 7)).toEqual([4, 5, '', 5, 9000.708]);
  });

  it("narrows to a prompter report's hand and hold", async () => {
    const { api, admin } = world;
    const hands = await api<{ results: { id: string; description: string }[] }>(
      'GET',
      `/api/hand/?project=${world.project}&search=Morning`,
      { token: admin },
    );
    const hand = hands.body.results[0]?.id;
    const report = await api('POST', '/api/prompter-report/', {
      token: admin,
      body: { project: world.project, hand, hold: 1 },
    });
    expect(report.status).toBe(201);
    const { sheet } = await sheetOf('prompter', world.project, { report: report.body.id });
    expect(rowStarting(sheet, 'Totals')?.slice(2, 6)).toEqual([2, 1, 2, 3]);

    // A hand event bounds the validations by its hours, read in the time zone asked for: 08:05-09:30
    // in Madrid is 07:05-08:30 UTC, which holds C-0001, C-0002 (07:10) and C-0003 (08:00).
    const line = await api('POST', '/api/hand-event/', {
      token: admin,
      body: { hand, date: '2026-11-21', hour_from: '08:05', hour_to: '09:30', description: 'Hatch 2' },
    });
    expect(line.status).toBe(201);
    const byEvent = await api('POST', '/api/prompter-report/', {
      token: admin,
      body: { project: world.project, hand, hand_event: line.body.id },
    });
    const narrowed = await sheetOf('prompter', world.project, {
      report: byEvent.body.id,
      time_zone: 'Europe/Madrid',
    });
    expect(rowStarting(narrowed.sheet, 'Totals')?.slice(2, 6)).toEqual([3, 2, 3, 6]);
    expect(cellLabelled(narrowed.sheet, 'Hand event')?.value).toBe('Hatch 2 · 2026-11-21 · 08:05 · 09:30');
  });
});

describe('any report', () => {
  it.each(['coil', 'sof', 'prompter'] as const)(
    '%s: makes a file for a project with no data',
    async (kind) => {
      const { sheet } = await sheetOf(kind, world.empty);
      expect(cellLabelled(sheet, 'Vessel')?.value).toBe('MV Nordic Star');
      expect(rowsOf(sheet).some((row) => row[0] === 'No data')).toBe(true);
    },
  );

  it('answers 404 for a project the caller cannot see, 401 without a token', async () => {
    const own = await postForFile(server.url, `/api/project/${world.project}/make_sof_report/`, {
      token: world.customerToken,
    });
    expect(own.status).toBe(200);
    for (const kind of ['coil', 'sof', 'prompter']) {
      const foreign = await postForFile(server.url, `/api/project/${world.foreign}/make_${kind}_report/`, {
        token: world.customerToken,
      });
      expect(foreign.status).toBe(404);
    }
    const missing = await make('coil', '0190a000-0000-7000-8000-00000000dead');
    expect(missing.status).toBe(404);
    const notUuid = await make('coil', 'nope');
    expect(notUuid.status).toBe(404);
    const anonymous = await postForFile(server.url, `/api/project/${world.project}/make_coil_report/`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses a language it does not speak, naming the field', async () => {
    const response = await make('coil', world.project, { language: 'fr' });
    expect(response.status).toBe(400);
    expect(Object.keys(JSON.parse(response.bytes.toString()))).toEqual(['language']);
  });
});
