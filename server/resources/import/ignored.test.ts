import { describe, expect, it } from 'vitest';
import { importFields } from './headers.js';
import { editDistance, hintFor, ignoredColumns } from './ignored.js';

const all = new Set(importFields);

describe('columns not read', () => {
  it('counts edits, a swap of two letters as one', () => {
    expect(editDistance('refrence', 'reference', 2)).toBe(1);
    expect(editDistance('refernece', 'reference', 2)).toBe(1);
    expect(editDistance('notes', 'reference', 2)).toBe(3);
  });

  it('hints the fields a vague or misspelt header means, among those the file lacks', () => {
    expect(hintFor('Weight (kg)', all)).toEqual(['net_weight', 'gross_weight']);
    expect(hintFor('KGS', all)).toEqual(['net_weight', 'gross_weight']);
    expect(hintFor('Peso Tm', new Set(['gross_weight']))).toEqual(['gross_weight']);
    expect(hintFor('Colour', all)).toEqual(['label_color']);
    expect(hintFor('Refernece', all)).toEqual(['reference']);
    expect(hintFor('Ubicasion', all)).toEqual(['location']);
    // Short words are too easily one letter from another: "Done" is not "Zone".
    expect(hintFor('Done', all)).toEqual([]);
    expect(hintFor('Notes', all)).toEqual([]);
    expect(hintFor('Comodity', new Set())).toEqual([]);
  });

  it('lists the named header cells no column reads, as written', () => {
    const columns = [{ field: 'reference' as const, index: 1, header: 'Ref' }];
    expect(ignoredColumns(['  Nº ', 'Ref', '', null, 'Peso'], columns)).toEqual({
      ignored_columns: ['Nº', 'Peso'],
      column_hints: [{ column: 'Peso', fields: ['net_weight', 'gross_weight'] }],
    });
  });
});
