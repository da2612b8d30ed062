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
    expect(mapHeader(['Reference', 'Referencia']).problems).toEqual([
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
});
