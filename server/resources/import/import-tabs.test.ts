// A workbook with several sheets, over HTTP: the list read is the first tab (in the workbook's order,
// as Excel shows the tabs) whose opening rows have a reference header, whatever order the ZIP holds the
// sheets in (ExcelJS's stream reader goes in ZIP order; tests/fixtures/xlsx-parts.ts writes the later
// tabs first).
import { describe, expect, it } from 'vitest';
import { inline, partsXlsx, type SheetParts } from '../../../tests/fixtures/xlsx-parts.js';
import { importRig } from './testing.js';

const rig = importRig('reference');

/** The workbook imported into a new project: the answer and the references stored. */
const importFile = async (parts: SheetParts) => {
  const project = await rig.newProject();
  const answer = await rig.importFile(project, 'tabs.xlsx', await partsXlsx(parts));
  const stored = await rig.items(project);
  return { answer, references: stored.map((row) => row.reference) };
};

/** A sheet's rows of inline strings (with addresses). */
const sheet = (...rows: string[][]) =>
  rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells.map((cell, c) => inline(cell, `${String.fromCharCode(65 + c)}${r + 1}`)).join('')}</row>`,
    )
    .join('');

const list = (...references: string[]) =>
  sheet(['Reference', 'Commodity'], ...references.map((reference) => [reference, 'Coil']));

describe('a workbook with several sheets', () => {
  it.each([
    ['as Excel writes it', undefined],
    ['with the "x:" prefix (repaired copy)', 'x'],
  ])(
    'reads the first tab when two have a header, the second stored first in the ZIP (%s)',
    async (_, prefix) => {
      const { answer, references } = await importFile({
        sheetData: list('TAB1-1', 'TAB1-2'),
        moreTabs: [{ name: 'Second', sheetData: list('TAB2-1') }],
        prefix,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(references).toEqual(['TAB1-1', 'TAB1-2']);
    },
  );

  it('reads the first tab with shared strings before the sheets (streamed as they are, not copied)', async () => {
    const strings = ['Reference', 'Commodity', 'S1-1', 'S2-1', 'Coil'].map(
      (text) => `<si><t>${text}</t></si>`,
    );
    const shared = (...rows: number[][]) =>
      rows
        .map(
          (cells, r) =>
            `<row r="${r + 1}">${cells.map((index, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="s"><v>${index}</v></c>`).join('')}</row>`,
        )
        .join('');
    const { answer, references } = await importFile({
      sheetData: shared([0, 1], [2, 4]),
      moreTabs: [{ name: 'Second', sheetData: shared([0, 1], [3, 4]) }],
      sharedStrings: strings,
      sharedStringsFirst: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(references).toEqual(['S1-1']);
  });

  it('skips a cover tab and reads the first list after it, though the ZIP holds a later list first', async () => {
    const { answer, references } = await importFile({
      sheetData: sheet(['Packing list MV Atlantic'], ['Voyage 12']),
      moreTabs: [
        { name: 'List', sheetData: list('LIST-1') },
        { name: 'Old list', sheetData: list('OLD-1', 'OLD-2') },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(references).toEqual(['LIST-1']);
  });

  it('without a header anywhere, names what the first tab holds', async () => {
    const { answer, references } = await importFile({
      sheetData: sheet(['Cover']),
      moreTabs: [{ name: 'Other', sheetData: sheet(['Summary']) }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.file).toEqual([expect.stringMatching(/^No reference column.*Found: "Cover"\.$/)]);
    expect(references).toEqual([]);
  });
});
