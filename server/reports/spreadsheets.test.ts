import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import {
  cellLabelled,
  openXlsx,
  postForFile,
  printSetup,
  rowNumber,
  rowStarting,
  rowsOf,
  wall,
} from './read-files.js';
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
  it('has the title block, the header block, the ratios per group, totals and one tab per commodity_hold', async () => {
    const { response, workbook, sheet } = await sheetOf('coil', world.project, {
      language: 'en',
      time_zone: 'Europe/Madrid',
    });
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('x-suggested-filename')).toMatch(
      /^coil_report_NS-042_\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="coil_report_NS-042_/);
    expect([sheet.getCell('A1').value, sheet.getCell('A2').value]).toEqual(['karbontrack', 'Coil report']);
    expect(String(sheet.getCell('A3').value)).toMatch(/· Local time, Europe\/Madrid, UTC\+01:00$/);
    expect(cellLabelled(sheet, 'Vessel')?.value).toBe('MV Nordic Star');
    expect(cellLabelled(sheet, 'Port')?.value).toBe('Sagunto');
    expect(cellLabelled(sheet, 'Customer')?.value).toBe('Aceros del Turia');
    // Dates are dates, not texts.
    expect(cellLabelled(sheet, 'Start date')?.value).toEqual(new Date('2026-11-20T00:00:00Z'));
    expect(cellLabelled(sheet, 'Start date')?.numFmt).toBe('dd/mm/yyyy');
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
    // Units are integers, tonnes and hours 2 decimals: numbers with their formats.
    const coilRow = sheet.getRow(rowNumber(sheet, 'Coil'));
    expect(
      [3, 4, 5, 7].map((column) => [coilRow.getCell(column).type, coilRow.getCell(column).numFmt]),
    ).toEqual([
      [2, '0'],
      [2, '#,##0'],
      [2, '#,##0.00'],
      [2, '#,##0.00'],
    ]);
    expect(rowStarting(sheet, 'Totals')?.slice(2, 10)).toEqual([2, 5, 9, 4, 12, 3, 9, 9]);
    expect(rowStarting(sheet, 'Weather')?.[1]).toBe(2);
    expect(rowStarting(sheet, 'Stevedore')?.[1]).toBe(1);
    expect(workbook.worksheets.map((tab) => tab.name)).toEqual([
      'Coil report',
      'Coils',
      'Exceptions',
      'coil_1',
      'coil_2',
    ]);
    expect(rowStarting(workbook.worksheets[3] as never, 'Coil')?.slice(2, 5)).toEqual([1, 2, 3]);
  });

  it('is ready to print: A4, one page wide, header rows repeated, margins, header and footer', async () => {
    const { workbook } = await sheetOf('coil', world.project, { language: 'en', time_zone: 'Europe/Madrid' });
    const [main, coils] = workbook.worksheets;
    if (!main || !coils) throw new Error('sheets missing');
    const setup = printSetup(main);
    expect(setup).toMatchObject({ orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1 });
    expect(setup.fitToHeight).toBe(0);
    expect(setup.margins).toMatchObject({ left: 0.4, right: 0.4, top: 0.75, bottom: 0.75 });
    expect(setup.header).toContain('karbontrack');
    expect(setup.header).toContain('Coil report');
    expect(setup.header).toContain('NS-042 — Call NS-042');
    expect(setup.footer).toContain('Local time, Europe/Madrid, UTC+01:00');
    expect(setup.footer).toContain('Page &P of &N');
    // The coil list repeats its header row on every printed page.
    const headerRow = rowNumber(coils, 'Reference');
    expect(headerRow).toBeGreaterThan(0);
    expect(printSetup(coils).printTitlesRow).toBe(`${headerRow}:${headerRow}`);
    // Table cells have borders.
    expect(coils.getCell(headerRow + 1, 1).border?.left?.style).toBe('thin');
  });

  it('lists every coil validated with local times and the exceptions', async () => {
    const { workbook } = await sheetOf('coil', world.project, { language: 'en', time_zone: 'Europe/Madrid' });
    const coils = workbook.getWorksheet('Coils');
    const exceptions = workbook.getWorksheet('Exceptions');
    if (!coils || !exceptions) throw new Error('sheets missing');
    const rows = rowsOf(coils);
    const start = rows.findIndex((row) => row[0] === 'Reference');
    const listed = rows.slice(start + 1, start + 6);
    expect(listed.map((row) => [row[0], row[2], row[3], wall(row[4]), row[5], row[6], row[8]])).toEqual([
      [INJECTION_REF, 1, 'Morning gang · #1', '21/11/2026 08:10', 1, 1000.125, 'Wrapping'],
      ['C-0002', 1, 'Morning gang · #1', '21/11/2026 08:10', 1, 2000.25, ''],
      ['C-0003', 2, 'Morning gang · #1', '21/11/2026 09:00', 1, 3000.333, ''],
      ['C-0004', 2, 'Day gang · #1', '21/11/2026 12:00', 1, 1500.001, ''],
      ['C-0005', 2, 'Day gang · #1', '21/11/2026 12:30', 1, 1499.999, ''],
    ]);
    expect(coils.getCell(rowNumber(coils, 'Reference') + 1, 5).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(rowStarting(coils, 'Totals (5)')?.slice(5, 8)).toEqual([5, 9000.708, 9000.708]);

    const sections = rowsOf(exceptions).map((row) => row[0]);
    const firstUnder = (heading: string) => sections[sections.indexOf(heading) + 2];
    expect(firstUnder('Damaged')).toBe(INJECTION_REF);
    expect(sections[sections.indexOf('Damaged') + 3]).toBe('C-0006');
    expect(firstUnder('Requiring attention')).toBe('C-0006');
    expect(firstUnder('On the list but not validated')).toBe('C-0006');
    const refused = rowsOf(exceptions)[sections.indexOf('Validated twice: refused') + 2];
    expect(refused?.[0]).toBe('C-0002');
    expect(wall(refused?.[1])).toBe('21/11/2026 10:40');
    expect(refused?.slice(2, 6)).toEqual([3, 'Day gang · #1', 'Ana Marín', 'Ana Marín']);
    expect(wall(refused?.[6])).toBe('21/11/2026 08:10');
  });

  it("adds up: each table's total is the sum of its rows", async () => {
    const { sheet } = await sheetOf('coil', world.project);
    const rows = rowsOf(sheet);
    const holdHeader = rows.findIndex((row) => row[0] === 'Commodity' && row[1] === 'Hold');
    const holds = rows.slice(holdHeader + 1).filter((row) => row[0] === 'Coil');
    const total = rows.slice(holdHeader).find((row) => row[0] === 'Totals');
    const cents = holds.reduce((sum, row) => sum + Math.round(Number(row[2]) * 100), 0);
    expect(cents).toBe(Math.round(Number(total?.[2]) * 100));
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
    let label: { value: unknown; bold: unknown } | undefined;
    sheet.getRow(Number(agency?.row)).eachCell((cell) => {
      if (cell.value === 'Agency') label = { value: cell.value, bold: cell.font?.bold };
    });
    expect(label).toEqual({ value: 'Agency', bold: true });
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
    expect(sheet.getCell('A2').value).toBe('Informe de bobinas');
    expect(cellLabelled(sheet, 'Buque')?.value).toBe('MV Nordic Star');
    expect(rowStarting(sheet, 'Meteorología')?.[1]).toBe(2);
    expect(rowStarting(sheet, 'Bobina')).toBeDefined();
    expect(rowStarting(sheet, 'Coil')).toBeUndefined();
    const byHeader = await make('coil', world.project, undefined, {
      'accept-language': 'es-ES,es;q=0.9,en;q=0.5',
    });
    expect((await openXlsx(byHeader.bytes)).worksheets[0]?.getCell('A2').value).toBe('Informe de bobinas');
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
    const lines = rowsOf(details);
    const first = lines[lines.findIndex((row) => row[0] === 'Hand') + 1];
    expect(first?.slice(1, 7)).toEqual([1, 1, INJECTION_REF, 'Coil', 1, 1000.125]);
    expect(wall(first?.[7])).toBe('21/11/2026 07:10');
    expect(first?.[8]).toBe('Ana Marín');
    expect(rowStarting(details, 'Totals: 5 items, 4 lifts')?.slice(5, 7)).toEqual([5, 9000.708]);
    expect(printSetup(details).printTitlesRow).toBe(
      `${rowNumber(details, 'Hand')}:${rowNumber(details, 'Hand')}`,
    );
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
