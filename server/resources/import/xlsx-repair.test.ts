// The repair of .xlsx parts that ExcelJS cannot read as written (xlsx-repair.ts): the same output
// whatever the chunks the XML arrives in, and Excel's own files (ExcelJS-written, 20,000 rows, read in
// many chunks) never taken for ones that need it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coilRows, xlsx } from '../../../tests/fixtures/packing.js';
import { inline, partsXlsx } from '../../../tests/fixtures/xlsx-parts.js';
import { checkWorkbookZip } from './read-xlsx.js';
import { PartRepair } from './xlsx-repair.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kt-repair-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const repaired = (xml: string, size: number) => {
  const repair = new PartRepair();
  let out = '';
  for (let at = 0; at < xml.length; at += size) out += repair.push(xml.slice(at, at + size));
  return out + repair.end();
};

describe('xlsx repair', () => {
  it('fills in addresses, drops the main prefix, joins inline runs (CDATA too) and turns t="d" into text, in any chunks', () => {
    const xml =
      '<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:mc="urn:mc"><x:sheetData>' +
      '<x:row><x:c t="inlineStr"><x:is><x:r><x:t>AB-</x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">1&amp;2</x:t></x:r><x:r><x:t><![CDATA[<3]]></x:t></x:r></x:is></x:c>' +
      "<!-- kept --><x:c r='C1'><x:v>7</x:v></x:c><x:c/></x:row>" +
      '<x:row r="5"><x:c s="1" t="d"><x:v>2026-11-20</x:v></x:c></x:row><x:row/></x:sheetData><mc:Ignorable/></x:worksheet>';
    const expected =
      '<?xml version="1.0"?><worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:mc="urn:mc"><sheetData>' +
      '<row r="1"><c t="inlineStr" r="A1"><is><t xml:space="preserve">AB-1&amp;2&lt;3</t></is></c>' +
      '<!-- kept --><c r="C1"><v>7</v></c><c r="D1"/></row>' +
      '<row r="5"><c s="1" t="inlineStr" r="A5"><is><t xml:space="preserve">2026-11-20T00:00:00Z</t></is></c></row><row r="6"/></sheetData><mc:Ignorable/></worksheet>';
    for (const size of [1, 7, 64, xml.length])
      expect(repaired(xml, size), `chunks of ${size}`).toBe(expected);
  });

  it('says which workbooks need it: never an Excel-made one, whatever its size; the hand-written ones', async () => {
    const big = join(dir, 'big.xlsx');
    const header = ['Reference', 'Commodity', 'Quantity', 'Net weight', 'Gross weight', 'Location'];
    await writeFile(big, await xlsx(header, coilRows(20_000)));
    expect(await checkWorkbookZip(big)).toMatchObject({ repair: false });
    const rows = Array.from(
      { length: 5000 },
      (_, i) => `<row r="${i + 1}">${inline(`R-${i}`, `A${i + 1}`)}</row>`,
    );
    const addressed = join(dir, 'addressed.xlsx');
    await writeFile(addressed, await partsXlsx({ sheetData: rows.join('') }));
    expect(await checkWorkbookZip(addressed)).toMatchObject({ repair: false });
    // One cell without its address at the end of a long sheet is found.
    const late = join(dir, 'late.xlsx');
    await writeFile(
      late,
      await partsXlsx({ sheetData: `${rows.join('')}<row r="5001">${inline('last')}</row>` }),
    );
    expect(await checkWorkbookZip(late)).toMatchObject({ repair: true });
  });
});
