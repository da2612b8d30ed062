import { describe, expect, it } from 'vitest';
import { parseProblems, problemCount } from './ImportErrors';

describe('an import refusal', () => {
  it('counts the listed problems and the ones the server only counted', () => {
    const listed = Array.from(
      { length: 500 },
      (_, i) => `Row ${i + 2}, column D (Net weight): Not a number.`,
    );
    expect(problemCount(listed)).toBe(500);
    expect(problemCount([...listed, '…and 120 more problems.'])).toBe(620);
    expect(problemCount(['The file has no header row.'])).toBe(1);
    expect(problemCount([...listed, '…y 7 problemas más.'])).toBe(507);
  });

  it('reads row, column and header of each located line', () => {
    expect(parseProblems(['Row 3, column C (Net weight): Not a number.', 'No reference column.'])).toEqual([
      { row: '3', column: 'C', header: 'Net weight', message: 'Not a number.' },
      { row: null, column: null, header: null, message: 'No reference column.' },
    ]);
  });

  it('reads the Spanish lines, and headers with brackets', () => {
    expect(parseProblems(['Fila 4, columna D (Peso neto (kg)): Se requiere un número válido.'])).toEqual([
      { row: '4', column: 'D', header: 'Peso neto (kg)', message: 'Se requiere un número válido.' },
    ]);
  });
});
