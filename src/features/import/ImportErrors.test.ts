import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportProblem } from '../../domain/import-wire';
import type { KeyedMessage } from '../../domain/message-keys';
import { withLocales } from '../../ui/testing';
import { shownProblems } from './ImportErrors';
import { problemText } from './problemText';

const problem = (row: number | null, text: string): ImportProblem => ({
  row,
  column: row === null ? null : 'D',
  header: row === null ? null : 'Peso neto (kg)',
  field: row === null ? null : 'net_weight',
  key: row === null ? 'import.no_commodity' : 'field.number',
  values: {},
  text,
});

let en: TFunction;
let es: TFunction;

beforeAll(async () => {
  ({ en, es } = await withLocales(['packing', 'common']));
});

/** Each problem in the server's words (the layout's tests); problemText's words are tested below. */
const asSent = (problem: ImportProblem) => problem.text;

describe('an import refusal', () => {
  it('counts the listed problems and the ones the server only counted', () => {
    const listed = Array.from({ length: 500 }, (_, i) => problem(i + 2, 'Not a number.'));
    const file = listed.map((_, i) => `Row ${i + 2}, column D (Net weight): Not a number.`);
    expect(shownProblems({ file, problems: listed, unlisted: 0 }, asSent).count).toBe(500);
    const more = shownProblems(
      { file: [...file, '…and 120 more problems.'], problems: listed, unlisted: 120 },
      asSent,
    );
    expect(more).toMatchObject({ count: 620, unlisted: 120 });
    expect(more.located).toHaveLength(500);
  });

  it('lays out row, column and header from the structured problems, whatever their words', () => {
    const located = problem(4, 'Se requiere un número válido.');
    const general = problem(null, 'No hay columna de mercancía.');
    const shown = shownProblems(
      {
        file: [
          'No hay columna de mercancía.',
          'Fila 4, columna D (Peso neto (kg)): Se requiere un número válido.',
        ],
        problems: [general, located],
        unlisted: 0,
      },
      asSent,
    );
    expect(shown).toEqual({
      general: ['No hay columna de mercancía.'],
      located: [located],
      count: 2,
      unlisted: 0,
    });
  });

  it('a refusal without structured problems (the upload refused, an older answer kept offline) is its lines', () => {
    const lines = ['This is a PDF, not a spreadsheet.', 'Row 3, column C (Net weight): Not a number.'];
    expect(shownProblems({ file: lines }, asSent)).toEqual({
      general: lines,
      located: [],
      count: 2,
      unlisted: 0,
    });
  });
});

describe("an import refusal's problems in the language of the moment", () => {
  const cell = (field: string, keyed: KeyedMessage, text: string): ImportProblem => ({
    row: 3,
    column: 'B',
    header: 'Mercancía',
    field,
    ...keyed,
    text,
  });
  const both = (problem: ImportProblem) => [problemText(en, 'en', problem), problemText(es, 'es', problem)];

  it('words each from its key and values, not from the text of the language it was refused in', () => {
    const duplicate = cell(
      'reference',
      { key: 'import.duplicate', values: { reference: 'ES-1', row: 2 } },
      'La referencia "ES-1" también está en la fila 2.',
    );
    expect(both(duplicate)).toEqual([
      'The reference "ES-1" is also on row 2.',
      'La referencia "ES-1" también está en la fila 2.',
    ]);
    // A list is joined as the language of the moment joins it; a nested message is worded too.
    const known = { key: 'list.or', values: { 0: 'Coil', 1: 'Granite', 2: 'Aluminium' } };
    const unknown = cell(
      'commodity',
      { key: 'import.unknown_commodity', values: { raw: 'Unobtainium', known } },
      'Mercancía desconocida "Unobtainium" (use Coil, Granite o Aluminium).',
    );
    expect(both(unknown)).toEqual([
      'Unknown commodity "Unobtainium" (use Coil, Granite, or Aluminium).',
      'Mercancía desconocida "Unobtainium" (use Coil, Granite o Aluminium).',
    ]);
    const nothing = { key: 'import.nothing', values: {} };
    const noReference = {
      ...cell('reference', { key: 'import.no_reference', values: { found: nothing } }, 'x'),
    };
    expect(both({ ...noReference, row: null, column: null, header: null, field: null })).toEqual([
      'No reference column: the header row (one of the first 20) must name it, e.g. "Reference" or "Referencia". Found: nothing.',
      'No hay columna de referencia: la fila de encabezado (una de las 20 primeras) debe nombrarla, p. ej. "Referencia" o "Reference". Encontrado: nada.',
    ]);
    // A field named in the message is said by its label.
    const twice = {
      key: 'import.columns_twice',
      values: { first: 'C', first_header: 'Peso', second: 'D', second_header: 'Neto', field: 'net_weight' },
    };
    expect(problemText(en, 'en', cell('net_weight', twice, 'x'))).toBe(
      'Columns C ("Peso") and D ("Neto") are both Net weight.',
    );
  });

  it('a file refused as a whole (not a spreadsheet, past a limit) is worded from its key too', () => {
    const whole = { row: null, column: null, header: null, field: null };
    const pdf = { ...whole, key: 'format.pdf', values: {}, text: 'Esto es un PDF, no una hoja de cálculo.' };
    expect(both(pdf).map((text) => text.split('.')[0])).toEqual([
      'This is a PDF, not a spreadsheet',
      'Esto es un PDF, no una hoja de cálculo',
    ]);
    const large = { ...whole, key: 'upload.too_large', values: { size: '0.2 MB' }, text: 'x' };
    expect(both(large)).toEqual([
      'The file is larger than the limit of 0.2 MB.',
      'El archivo supera el límite de 0.2 MB.',
    ]);
    const gone = { ...whole, key: 'not_found', values: {}, text: 'No encontrado.' };
    expect(both(gone)).toEqual([
      'The project is not on the server (any more).',
      'El proyecto no está (ya) en el servidor.',
    ]);
    // A refusal without words (a proxy's page: src/api/import.ts) is said in the language of the moment.
    const wordless = {
      ...whole,
      key: 'http.refused',
      values: { status: 413 },
      text: '413 Payload Too Large',
    };
    expect(both(wordless)).toEqual([
      'The server refused the file (HTTP status 413) without saying why: check the file, or ask the office.',
      'El servidor rechazó el archivo (estado HTTP 413) sin decir por qué: revise el archivo o consulte con la oficina.',
    ]);
    const rows = { ...whole, key: 'sheet.too_many_rows', values: { max: 50000 }, text: 'x' };
    expect(both(rows)).toEqual([
      'The file has more than 50000 rows; split it into several files.',
      'El archivo tiene más de 50000 filas; divídalo en varios archivos.',
    ]);
  });

  it("a cell the packing item's rules refuse names its field as the forms do; an unknown key keeps the text", () => {
    const number = cell('net_weight', { key: 'field.number', values: {} }, 'Se requiere un número válido.');
    expect(both(number)).toEqual(['Net weight: enter a number.', 'Peso neto: introduzca un número.']);
    const newer = cell('zone', { key: 'import.from_a_newer_server', values: {} }, 'Words of a newer server.');
    expect(both(newer)).toEqual(['Words of a newer server.', 'Words of a newer server.']);
  });
});
