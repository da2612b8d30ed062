// How wide a packing list may be, over HTTP: a header row of 400,000 columns (3 MB of CSV) held the
// server for 31 s, and a 3 MB cell for seconds. Both readers refuse at the first cell past a limit, with
// the limit named, and store nothing; lists at the limits, and empty columns past them, are read.
import { describe, expect, it } from 'vitest';
import { inline, partsXlsx } from '../../../tests/fixtures/xlsx-parts.js';
import { expectImported, importRig } from './testing.js';

const { importFile, items, newProject } = importRig('reference');
const COLUMNS = /Row 1 has a value in column SG, past the 500 columns a packing list is read from/;
const PAST_XFD = /^Row 1 has cells past column XFD, the last of the 16,384 columns a worksheet can have/;
const CELL = /Row 2, column C: the cell holds more than 10,000 characters, the most a cell may hold/;

/** The answer's only message, once the import was refused; nothing of the file was stored. */
async function refused(project: string, answer: { status: number; body: unknown }) {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400);
  expect(await items(project)).toEqual([]);
  const { file } = answer.body as { file: string[] };
  expect(file).toHaveLength(1);
  return file[0];
}

const wideHeader = (columns: number, delimiter = ';') =>
  ['Reference', 'Commodity', ...Array.from({ length: columns - 2 }, (_, i) => `Extra ${i + 1}`)].join(
    delimiter,
  );

describe('CSV', () => {
  it('refuses a header row of 400,000 columns (3 MB) at once, naming the limit', async () => {
    const project = await newProject();
    const text = `${wideHeader(400_000)}\nC-1;Coil\n`;
    expect(text.length).toBeGreaterThan(3_000_000);
    expect(await refused(project, await importFile(project, 'wide.csv', Buffer.from(text)))).toMatch(COLUMNS);
  });

  it('refuses a cell of 3 MB, naming the limit', async () => {
    const project = await newProject();
    const text = `Reference;Commodity;Notes\nC-1;Coil;${'x'.repeat(3_000_000)}\n`;
    expect(await refused(project, await importFile(project, 'long.csv', Buffer.from(text)))).toMatch(CELL);
  });

  it('reads 500 columns, and a line padded with empty columns past them', async () => {
    const project = await newProject();
    const pad = ';'.repeat(2000);
    const text = `${wideHeader(500)}${pad}\nC-1;Coil${pad}\n"C-2";"Coil"\n`;
    const answer = await importFile(project, 'padded.csv', Buffer.from(text));
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(answer.body).toMatchObject({ created: 2 });
    expect((answer.body as { ignored_columns: string[] }).ignored_columns).toHaveLength(498);
  });

  it('says it in Spanish to a Spanish user', async () => {
    const project = await newProject();
    const text = `Referencia;Mercancía;Notas\nC-1;Bobina;${'x'.repeat(10_001)}\n`;
    const answer = await importFile(project, 'larga.csv', Buffer.from(text), {
      headers: { 'accept-language': 'es' },
    });
    expect(await refused(project, answer)).toBe(
      'Fila 2, columna C: la celda tiene más de 10.000 caracteres, lo máximo que puede tener una celda: acórtela y envíe el archivo de nuevo.',
    );
  });
});

describe('.xlsx', () => {
  const row = (r: number, cells: string) => `<row r="${r}">${cells}</row>`;
  const header = `${inline('Reference', 'A1')}${inline('Commodity', 'B1')}`;

  it('refuses a value past the 500th column, naming the limit', async () => {
    const project = await newProject();
    const sheetData =
      row(1, `${header}${inline('Far away', 'SG1')}`) +
      row(2, `${inline('C-1', 'A2')}${inline('Coil', 'B2')}`);
    const answer = await importFile(project, 'wide.xlsx', await partsXlsx({ sheetData }));
    expect(await refused(project, answer)).toMatch(COLUMNS);
  });

  it('refuses a header row of 400,000 cells at once, naming the limit', async () => {
    const project = await newProject();
    const cells = Array.from(
      { length: 400_000 },
      (_, i) => `<c t="inlineStr"><is><t>X${i}</t></is></c>`,
    ).join('');
    const sheetData = row(1, `${header}${cells}`) + row(2, `${inline('C-1', 'A2')}${inline('Coil', 'B2')}`);
    const answer = await importFile(project, 'wide.xlsx', await partsXlsx({ sheetData }));
    expect(await refused(project, answer)).toMatch(PAST_XFD);
  });

  it('refuses a cell addressed ten million columns away without walking to it', async () => {
    const project = await newProject();
    const sheetData =
      row(1, `${header}${inline('Far away', 'UVXWJ1')}`) +
      row(2, `${inline('C-1', 'A2')}${inline('Coil', 'B2')}`);
    const answer = await importFile(project, 'far.xlsx', await partsXlsx({ sheetData }));
    expect(await refused(project, answer)).toMatch(PAST_XFD);
  });

  it('refuses a cell of 20,000 characters, naming the limit', async () => {
    const project = await newProject();
    const sheetData =
      row(1, `${header}${inline('Notes', 'C1')}`) +
      row(2, `${inline('C-1', 'A2')}${inline('Coil', 'B2')}${inline('x'.repeat(20_000), 'C2')}`);
    const answer = await importFile(project, 'long.xlsx', await partsXlsx({ sheetData }));
    expect(await refused(project, answer)).toMatch(CELL);
  });

  it('reads a row with empty cells formatted past the 500th column', async () => {
    const project = await newProject();
    const sheetData =
      row(1, `${header}<c r="XFD1" s="0"/>`) +
      row(2, `${inline('C-1', 'A2')}${inline('Coil', 'B2')}<c r="XFD2"/>`);
    expectImported(await importFile(project, 'formatted.xlsx', await partsXlsx({ sheetData })), {
      created: 1,
    });
  });
});
