import { describe, expect, it } from 'vitest';
import type { ImportProblem } from '../../domain/import-wire';
import { shownProblems } from './ImportErrors';

const problem = (row: number | null, text: string): ImportProblem => ({
  row,
  column: row === null ? null : 'D',
  header: row === null ? null : 'Peso neto (kg)',
  field: row === null ? null : 'net_weight',
  key: row === null ? 'import.no_commodity' : 'field.number',
  values: {},
  text,
});

describe('an import refusal', () => {
  it('counts the listed problems and the ones the server only counted', () => {
    const listed = Array.from({ length: 500 }, (_, i) => problem(i + 2, 'Not a number.'));
    const file = listed.map((_, i) => `Row ${i + 2}, column D (Net weight): Not a number.`);
    expect(shownProblems({ file, problems: listed, unlisted: 0 }).count).toBe(500);
    const more = shownProblems({
      file: [...file, '…and 120 more problems.'],
      problems: listed,
      unlisted: 120,
    });
    expect(more).toMatchObject({ count: 620, unlisted: 120 });
    expect(more.located).toHaveLength(500);
  });

  it('lays out row, column and header from the structured problems, whatever their words', () => {
    const located = problem(4, 'Se requiere un número válido.');
    const general = problem(null, 'No hay columna de mercancía.');
    const shown = shownProblems({
      file: [
        'No hay columna de mercancía.',
        'Fila 4, columna D (Peso neto (kg)): Se requiere un número válido.',
      ],
      problems: [general, located],
      unlisted: 0,
    });
    expect(shown).toEqual({
      general: ['No hay columna de mercancía.'],
      located: [located],
      count: 2,
      unlisted: 0,
    });
  });

  it('a refusal without structured problems (the upload refused, an older answer kept offline) is its lines', () => {
    const lines = ['This is a PDF, not a spreadsheet.', 'Row 3, column C (Net weight): Not a number.'];
    expect(shownProblems({ file: lines })).toEqual({ general: lines, located: [], count: 2, unlisted: 0 });
  });
});
