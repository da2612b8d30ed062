import type ExcelJS from 'exceljs';
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
import { INJECTION, makeReportWorld, type ReportWorld } from './report-fixture.js';

let server: TestServer;
let world: ReportWorld;

beforeAll(async () => {
  server = await startTestServer();
  world = await makeReportWorld(server);
});
afterAll(async () => {
  await server?.close();
});

async function sof(project: string, body?: unknown) {
  const response = await postForFile(server.url, `/api/project/${project}/make_sof_report/`, {
    token: world.admin,
    body,
  });
  expect(response.status, response.bytes.toString()).toBe(200);
  const workbook = await openXlsx(response.bytes);
  const [main, daily] = workbook.worksheets;
  if (!main || !daily) throw new Error('sheets missing');
  return { main, daily, response };
}

/** The events table's rows: date, day, from, to (as local wall times), event, kind, gangs, notes. */
function events(sheet: ExcelJS.Worksheet) {
  const rows = rowsOf(sheet);
  const start = rows.findIndex((row) => row[0] === 'Date' || row[0] === 'Fecha');
  return rows.slice(start + 1).filter((row) => row[0] instanceof Date);
}

describe('SOF spreadsheet', () => {
  it('lists the events with local dates and times as real dates, and a daily table with totals', async () => {
    const { main, daily } = await sof(world.project);
    expect(main.getCell('A2').value).toBe('Statement of facts');
    const event = (name: string) => events(main).find((row) => row[4] === name);
    const arrived = event('Vessel arrived');
    expect([wall(arrived?.[0]).slice(0, 10), arrived?.[1], wall(arrived?.[2]).slice(11)]).toEqual([
      '20/11/2026',
      'Friday',
      '22:30',
    ]);
    const rain = event('Rain');
    expect([wall(rain?.[2]).slice(11), wall(rain?.[3]).slice(11), rain?.[5]]).toEqual([
      '13:00',
      '15:00',
      'Stoppage · Weather',
    ]);
    expect(event('Working shift')?.[7]).toBe(INJECTION);
    const eventsHeader = rowNumber(main, 'Date');
    expect(main.getCell(eventsHeader + 1, 1).numFmt).toBe('dd/mm/yyyy');
    expect(main.getCell(eventsHeader + 1, 3).numFmt).toBe('hh:mm');
    expect(printSetup(main)).toMatchObject({
      orientation: 'portrait',
      fitToWidth: 1,
      printTitlesRow: `${eventsHeader}:${eventsHeader}`,
    });
    expect(rowsOf(main).some((row) => row.includes('Master') && row.includes('Agent'))).toBe(true);

    // The daily row: 12 h worked, 3 h stopped (2 weather, 1 stevedore), 9 h net, 2 gangs, 5 units, 9.00 t.
    const day = rowsOf(daily).find((row) => row[1] === 'Saturday');
    expect(wall(day?.[0]).slice(0, 10)).toBe('21/11/2026');
    expect(day?.slice(2, 14)).toEqual([12, 3, 9, 0, 1, 0, 2, 0, 0, 2, 5, 9]);
    expect(rowStarting(daily, 'Totals')?.slice(2, 14)).toEqual([12, 3, 9, 0, 1, 0, 2, 0, 0, '', 5, 9]);
    expect(printSetup(daily).orientation).toBe('landscape');
  });

  it('writes times in the time zone asked for, said once in the title block and in the footer', async () => {
    const { main } = await sof(world.project, { time_zone: 'Europe/Madrid', language: 'es' });
    // The event type by its Spanish name, as the tablet shows it.
    const rain = events(main).find((row) => row[4] === 'Lluvia');
    expect(rowsOf(main).some((row) => row.includes('Rain'))).toBe(false);
    expect([rain?.[1], wall(rain?.[2]).slice(11), wall(rain?.[3]).slice(11)]).toEqual([
      'Sábado',
      '14:00',
      '16:00',
    ]);
    expect(String(main.getCell('A3').value)).toContain('Hora local, Europe/Madrid, UTC+01:00');
    expect(printSetup(main).footer).toContain('Hora local, Europe/Madrid, UTC+01:00');
    expect(printSetup(main).footer).toContain('Página &P de &N');
    const bad = await postForFile(server.url, `/api/project/${world.project}/make_sof_report/`, {
      token: world.admin,
      body: { time_zone: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(400);
  });

  it('splits days at local midnight across the end of summer time in Spain', async () => {
    const { main, daily } = await sof(world.dst, { time_zone: 'Europe/Madrid' });
    // The zone changes inside the call: both offsets are stated, with the moment of the change.
    const statement = 'Local time, Europe/Madrid, UTC+02:00 until 25/10/2026 03:00, then UTC+01:00';
    expect(String(main.getCell('A3').value)).toContain(statement);
    expect(printSetup(main).footer).toContain(statement);
    // The rain from 02:30 CEST to 02:30 CET: an hour long, both ends at 02:30 local.
    const rain = events(main).find((row) => row[4] === 'Rain');
    expect([wall(rain?.[0]).slice(0, 10), wall(rain?.[2]).slice(11), wall(rain?.[3]).slice(11)]).toEqual([
      '25/10/2026',
      '02:30',
      '02:30',
    ]);
    // Saturday 20:00-24:00 (4 h, 1 t: D-1 at 23:59) and Sunday 00:00-20:00, a day of 25 hours (21 h
    // worked, 1 h stopped; D-2 at 00:01, D-3 and D-4 at the two 02:45s: 9 t).
    const days = rowsOf(daily).filter((row) => row[0] instanceof Date);
    expect(days.map((row) => [wall(row[0]).slice(0, 10), row[1], row[2], row[3], row[12], row[13]])).toEqual([
      ['24/10/2026', 'Saturday', 4, 0, 1, 1],
      ['25/10/2026', 'Sunday', 21, 1, 3, 9],
    ]);
    expect(rowStarting(daily, 'Totals')?.slice(2, 5)).toEqual([25, 1, 24]);
    expect(rowStarting(daily, 'Totals')?.slice(12, 14)).toEqual([4, 10]);
  });

  it('uses the SOF report row where it has a value, else the project', async () => {
    const report = await world.api('POST', '/api/sof-report/', {
      token: world.admin,
      body: {
        project: world.project,
        berthing_wharf: 'Muelle Sur 3',
        reported_and_ready: '2026-11-20T23:00:00Z',
        remarks: 'Rain stopped work twice.',
      },
    });
    expect(report.status).toBe(201);
    const { main } = await sof(world.project, { report: report.body.id, time_zone: 'Europe/Madrid' });
    expect(cellLabelled(main, 'Berth')?.value).toBe('Muelle Sur 3');
    expect(wall(cellLabelled(main, 'NOR tendered (reported and ready)')?.value)).toBe('21/11/2026 00:00');
    expect(cellLabelled(main, 'Remarks')?.value).toBe('Rain stopped work twice.');
  });
});
