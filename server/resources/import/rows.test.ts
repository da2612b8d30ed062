import { describe, expect, it } from 'vitest';
import { columnLetter, mapHeader, normalise } from './headers.js';
import { type Reading, readNumber } from './numbers.js';
import { parseRows } from './rows.js';

const coil = { id: '01935f6e-8b7a-7cc1-9a3e-5d1f00000002', code: 'coil', name: 'Coil' };
const project = '01935f6e-8b7a-7cc1-9a3e-5d1f00000001';

describe('import rows', () => {
  it('reads numbers as Spanish and English lists write them, and knows when a cell is ambiguous', () => {
    const value = (text: string) => {
      const reading: Reading = readNumber(text);
      return reading.kind === 'ambiguous'
        ? 'ambiguous'
        : [reading.value, 'shows' in reading ? reading.shows : undefined];
    };
    expect(value('1.234,5')).toEqual(['1234.5', ',']);
    expect(value('1,234.5')).toEqual(['1234.5', '.']);
    expect(value('12,5')).toEqual(['12.5', ',']);
    expect(value('0,125')).toEqual(['0.125', ',']);
    expect(value('1234,567')).toEqual(['1234.567', ',']);
    expect(value('1 234')).toEqual(['1234', undefined]);
    expect(value("1'234.5")).toEqual(['1234.5', '.']);
    expect(value('18.000 kg')).toBe('ambiguous');
    expect(value('1,234,567')).toEqual(['1234567', '.']);
    expect(value('1.234.567')).toEqual(['1234567', ',']);
    expect(value('1,234')).toBe('ambiguous');
    expect(value('-1.234')).toBe('ambiguous');
    expect(value('1,23,4')).toEqual(['1,23,4', undefined]);
    expect(value('heavy')).toEqual(['heavy', undefined]);
  });

  it('finds columns by header in either language, ignoring case, accents, underscores and units', () => {
    expect(normalise('  Peso_Neto (kg) ')).toBe('peso neto');
    const { columns, problems } = mapHeader([
      'Ubicación',
      'x',
      'REFERENCIA',
      'Net weight [kg]',
      'Color de etiqueta',
    ]);
    expect(problems).toEqual([]);
    expect(columns.map((c) => [c.field, columnLetter(c.index)])).toEqual([
      ['location', 'A'],
      ['reference', 'C'],
      ['net_weight', 'D'],
      ['label_color', 'E'],
    ]);
    expect(mapHeader(['Reference', 'Referencia']).problems.map(String)).toEqual([
      'Columns A ("Reference") and B ("Referencia") are both reference.',
    ]);
    expect(columnLetter(27)).toBe('AB');
  });

  it("finds the header below a title, and takes the project's commodity when there is no column", () => {
    const parsed = parseRows(
      [
        { row: 1, cells: ['Packing list MV Atlantic'] },
        { row: 2, cells: [] },
        { row: 3, cells: ['Ref', 'Peso bruto'] },
        { row: 4, cells: ['A-1', '1.000,5'] },
        { row: 5, cells: ['', ''] },
      ],
      project,
      [coil],
      coil.id,
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.given).toEqual(['reference', 'gross_weight']);
    expect(parsed.items).toEqual([
      {
        row: 4,
        values: expect.objectContaining({ reference: 'A-1', commodity: coil.id, gross_weight: '1000.500' }),
      },
    ]);
  });

  it('reads what a reader hands over as the spreadsheet typed it: numbers exact, dates named, hidden columns giving way', () => {
    const parsed = parseRows(
      [
        { row: 1, cells: ['Referencia', 'Peso neto', 'Peso neto (antiguo)', 'Peso bruto', 'Ref'] },
        // A spreadsheet number is exact even in a decimal-comma list ("12,5" below).
        { row: 2, cells: ['N-1', 1.234, 'x', '12,5', 'hidden'] },
        // A date where a weight goes: named, never read as the date's serial number.
        { row: 3, cells: ['N-2', new Date(Date.UTC(2026, 4, 12)), 'x', '2026-05-12T00:00:00.000Z', ''] },
        { row: 4, cells: [new Date(Date.UTC(2026, 0, 5)), 5, 'x', 6, ''] },
      ],
      project,
      [coil],
      coil.id,
      { hiddenColumns: new Set([2, 4]) },
    );
    expect(parsed.general).toEqual([]);
    expect(parsed.items[0]?.values).toMatchObject({ net_weight: '1.234', gross_weight: '12.500' });
    expect(parsed.items[2]?.values).toMatchObject({ reference: '2026-01-05' });
    expect(parsed.problems.map((p) => [p.row, p.column, String(p.message).slice(0, 33)])).toEqual([
      [3, 'B', 'This cell is a date in the spread'],
      [3, 'D', 'This cell is a date in the spread'],
    ]);
    // Both visible: the clear "both" error, nothing guessed.
    expect(mapHeader(['Ref', 'Peso neto', 'Peso neto (antiguo)']).problems.map(String)).toEqual([
      'Columns B ("Peso neto") and C ("Peso neto (antiguo)") are both net_weight.',
    ]);
  });
});
