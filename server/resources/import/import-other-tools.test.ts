// Packing lists from tools other than Excel, over HTTP: LibreOffice / Google Sheets / report
// generators' .xlsx (inline strings, no shared strings, formula strings, booleans, untyped numbers),
// Excel's "Strict Open XML", the .NET Open XML SDK's "x:" prefix, rows and cells without addresses,
// formatting over thousands of empty rows, numbers typed with separators and units, and the CSVs
// Google Sheets and LibreOffice write.
import { describe, expect, it } from 'vitest';
import { inline, partsXlsx } from '../../../tests/fixtures/xlsx-parts.js';
import { expectImported, importRig } from './testing.js';

const rig = importRig('reference, net_weight, gross_weight, location');
const { importFile, importOk, newProject } = rig;
/** Each item as [reference, net_weight, gross_weight, location]. */
const items = async (project: string) => (await rig.items(project)).map((row) => Object.values(row));
/** The file imported into the project, which then holds these items. */
const importsAs = async (project: string, name: string, bytes: Buffer, expected: unknown[][]) => {
  await importOk(project, name, bytes);
  expect(await items(project)).toEqual(expected);
};

/** One <row> of inline strings (a number as a plain <v> when given as a number). */
const row = (r: number | null, cells: (string | number)[], withRefs = true) =>
  `<row${r === null ? '' : ` r="${r}"`}>${cells
    .map((cell, index) => {
      const ref = withRefs && r !== null ? `${String.fromCharCode(65 + index)}${r}` : undefined;
      return typeof cell === 'number'
        ? `<c${ref ? ` r="${ref}"` : ''}><v>${cell}</v></c>`
        : inline(cell, ref);
    })
    .join('')}</row>`;

const HEADER = ['Reference', 'Commodity', 'Net weight', 'Gross weight', 'Location'];

describe('.xlsx packing lists written by tools other than Excel', () => {
  it('reads inline strings without a shared-strings part, formula strings, booleans, untyped numbers and rich inline text', async () => {
    const project = await newProject();
    const sheetData = [
      row(1, [...HEADER, 'Checked']),
      // LibreOffice: numbers with no t="n", a boolean, a formula whose result is a string.
      `<row r="2">${inline('L-1', 'A2')}${inline('Coil', 'B2')}<c r="C2" s="1"><v>1250.5</v></c><c r="D2" s="1" t="n"><v>1300</v></c>${inline('warehouse', 'E2')}<c r="F2" t="b"><v>1</v></c></row>`,
      `<row r="3"><c r="A3" t="str"><f>"L-"&amp;2</f><v>L-2</v></c>${inline('Coil', 'B3')}<c r="C3"><f>C2*2</f><v>2501</v></c><c r="D3" t="str"><v>2600</v></c>${inline('onboard', 'E3')}<c r="F3" t="b"><v>0</v></c></row>`,
      // Rich text typed into a cell (part of the reference in bold), kept inline by report generators.
      `<row r="4"><c r="A4" t="inlineStr"><is><r><t>L-</t></r><r><rPr><b/></rPr><t>3</t></r></is></c>${inline('Coil', 'B4')}<c r="C4"><v>7</v></c></row>`,
    ].join('');
    const answer = await importFile(project, 'libreoffice.xlsx', await partsXlsx({ sheetData }));
    expectImported(answer, { created: 3, ignored_columns: ['Checked'] });
    expect(await items(project)).toEqual([
      ['L-1', '1250.500', '1300.000', 'warehouse'],
      ['L-2', '2501.000', '2600.000', 'onboard'],
      ['L-3', '7.000', null, 'uncategorized'],
    ]);
  });

  it('names the odd cells of generators: an empty <v/>, a formula saved as an error, a date (t="d" or date-styled) in a weight', async () => {
    const project = await newProject();
    const sheetData = [
      row(1, HEADER),
      `<row r="2"><c r="A2"><v/></c>${inline('Coil', 'B2')}<c r="C2"><v>10</v></c></row>`,
      `<row r="3"><c r="A3" t="e"><f>VLOOKUP(B3,Refs!A:B,2,FALSE)</f><v>#N/A</v></c>${inline('Coil', 'B3')}</row>`,
      `<row r="4">${inline('D-4', 'A4')}${inline('Coil', 'B4')}<c r="C4" t="d"><v>2026-11-20</v></c></row>`,
      // Google Sheets: a date is a number with a date style (style 1 here).
      `<row r="5">${inline('D-5', 'A5')}${inline('Coil', 'B5')}<c r="C5" s="1"><v>46154</v></c></row>`,
    ].join('');
    const answer = await importFile(project, 'generated.xlsx', await partsXlsx({ sheetData, styles: true }));
    expect(answer.status).toBe(400);
    expect(answer.body.file).toEqual([
      'Row 2, column A (Reference): This field is required.',
      expect.stringMatching(
        /^Row 3, column A \(Reference\): This cell holds a formula whose result is not in the file, or is an error such as #N\/A/,
      ),
      expect.stringMatching(
        /^Row 4, column C \(Net weight\): This cell is a date in the spreadsheet, not a number/,
      ),
      expect.stringMatching(/^Row 5, column C \(Net weight\): This cell is a date in the spreadsheet/),
    ]);
    expect(await items(project)).toEqual([]);
  });

  it('reads shared strings with rich runs and a header in Spanish, as Google Sheets writes them', async () => {
    const project = await newProject();
    const sharedStrings = [
      'Número de bobina',
      'Mercancía',
      'Peso neto',
      'Ubicación',
      'G-1',
      'Bobina',
      'Almacén',
    ]
      .map((text) => `<si><t>${text}</t></si>`)
      .concat('<si><r><t>G-</t></r><r><rPr><b/></rPr><t>2</t></r></si>');
    const s = (index: number, ref: string) => `<c r="${ref}" t="s"><v>${index}</v></c>`;
    const sheetData = [
      `<row r="1">${s(0, 'A1')}${s(1, 'B1')}${s(2, 'C1')}${s(3, 'D1')}</row>`,
      `<row r="2">${s(4, 'A2')}${s(5, 'B2')}<c r="C2"><v>18000</v></c>${s(6, 'D2')}</row>`,
      `<row r="3">${s(7, 'A3')}${s(5, 'B3')}<c r="C3"><v>18250.25</v></c>${s(6, 'D3')}</row>`,
    ].join('');
    await importsAs(project, 'google.xlsx', await partsXlsx({ sheetData, sharedStrings }), [
      ['G-1', '18000.000', null, 'warehouse'],
      ['G-2', '18250.250', null, 'warehouse'],
    ]);
  });

  it('imports an Excel "Strict Open XML Spreadsheet" (purl.oclc.org namespaces) and an Excel template (.xltx)', async () => {
    const project = await newProject();
    const sheetData = [row(1, HEADER), row(2, ['S-1', 'Coil', 1250.5, 1300, 'truck'])].join('');
    await importsAs(project, 'strict.xlsx', await partsXlsx({ sheetData, strict: true }), [
      ['S-1', '1250.500', '1300.000', 'truck'],
    ]);
    const template = await partsXlsx({ sheetData: sheetData.replace(/S-1/g, 'S-2'), template: true });
    await importOk(project, 'plantilla.xltx', template);
    expect(await items(project)).toHaveLength(2);
  });

  it('puts every value under its header when rows or cells have no address, and ignores a wrong <dimension>', async () => {
    const project = await newProject();
    const cases: [string, string, string][] = [
      ['no row numbers', 'N', [row(null, HEADER), row(null, ['N-1', 'Coil', 10, 11, 'fas'])].join('')],
      [
        'no cell addresses',
        'C',
        [row(1, HEADER, false), row(2, ['C-1', 'Coil', 10, 11, 'fas'], false)].join(''),
      ],
      // Addresses on some cells only: an addressed cell after a gap, the next one without.
      [
        'some addresses',
        'M',
        `${row(1, HEADER)}<row r="3">${inline('M-1', 'A3')}${inline('Coil')}<c r="D3"><v>11</v></c>${inline('fas')}</row>`,
      ],
    ];
    for (const [what, prefix, sheetData] of cases) {
      const bytes = await partsXlsx({ sheetData, beforeData: '<dimension ref="A1:B1"/>' });
      const answer = await importFile(project, `${what}.xlsx`, bytes);
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(200);
      const net = prefix === 'M' ? null : '10.000';
      expect(await items(project), what).toContainEqual([`${prefix}-1`, net, '11.000', 'fas']);
    }
    // An error in a file without addresses names the row and column as the spreadsheet shows them.
    const bad = [
      row(null, HEADER),
      row(null, ['B-1', 'Coil', 10, 11, 'fas']),
      row(null, ['B-2', 'Coil', 'heavy']),
    ];
    const refused = await importFile(project, 'bad.xlsx', await partsXlsx({ sheetData: bad.join('') }));
    expect(refused.status).toBe(400);
    expect(refused.body.file).toEqual(['Row 3, column C (Net weight): A valid number is required.']);
  });

  it('reads a workbook whose elements carry the "x:" prefix, as the .NET Open XML SDK writes them', async () => {
    const project = await newProject();
    const prefixed = (xml: string) => xml.replace(/<(\/?)(row|c|is|t|v|si)([ >])/g, '<$1x:$2$3');
    // The header from the shared strings (the SDK's usual way), the row as inline strings.
    const sharedStrings = HEADER.map((text) => prefixed(`<si><t>${text}</t></si>`));
    const header = HEADER.map((_, i) => `<c r="${String.fromCharCode(65 + i)}1" t="s"><v>${i}</v></c>`);
    const sheetData = prefixed(
      `<row r="1">${header.join('')}</row>${row(2, ['X-1', 'Coil', 10, 11, 'fas'])}`,
    );
    const bytes = await partsXlsx({ sheetData, sharedStrings, prefix: 'x', styles: true });
    await importsAs(project, 'sdk.xlsx', bytes, [['X-1', '10.000', '11.000', 'fas']]);
  });

  it('finds a worksheet stored under another name than sheet<N>.xml (ClosedXML, BI exports)', async () => {
    const project = await newProject();
    for (const [sheetPath, reference] of [
      ['worksheets/sheet.xml', 'W-1'],
      ['sheets/Lista.xml', 'W-2'],
    ]) {
      const sheetData = [row(1, HEADER), row(2, [reference, 'Coil', 10, 11, 'fas'])].join('');
      const answer = await importFile(
        project,
        `${reference}.xlsx`,
        await partsXlsx({ sheetData, sheetPath }),
      );
      expect(answer.status, `${sheetPath}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    expect((await items(project)).map((item) => item[0])).toEqual(['W-1', 'W-2']);
  });

  it('does not count rows that only carry formatting, down to row 60,000', async () => {
    const project = await newProject();
    const data = [
      row(1, HEADER),
      row(2, ['E-1', 'Coil', 10, 11, 'fas']),
      row(4, ['E-2', 'Coil', 12, 13, 'fas']),
    ];
    // Rows with a style only, cells with a style but no value, and (generators) empty or blank texts.
    const kinds = [
      (r: number) => `<row r="${r}" s="1" customFormat="1"/>`,
      (r: number) => `<row r="${r}"><c r="A${r}" s="3"/><c r="B${r}" s="3"/><c r="C${r}" s="2" t="s"/></row>`,
      (r: number) => `<row r="${r}">${inline('', `A${r}`)}${inline(' ', `B${r}`)}</row>`,
    ];
    const styled = Array.from({ length: 59_990 }, (_, i) => kinds[i % 3]?.(i + 5) ?? '');
    const sheetData = [...data, ...styled].join('');
    const answer = await importFile(project, 'formatted.xlsx', await partsXlsx({ sheetData }));
    expectImported(answer, { created: 2 });
  });
});

describe('CSV packing lists from Google Sheets and LibreOffice', () => {
  // Each file as the tool writes it, and the items it makes.
  it.each([
    [
      'reads UTF-8 without BOM, ",", "." decimals, quoted numbers, trailing empty columns and no final newline',
      'Packing list - Sheet1.csv',
      [
        'Reference,Commodity,Net weight (kg),Gross weight (kg),Location,,',
        'G-1,Coil,"1,250.5","1,300",warehouse,,',
        'G-2,Coil,18000,18150.25,on board,,',
        'G-3,Coil,"7","8.5",Truck,,',
      ].join('\n'),
      [
        ['G-1', '1250.500', '1300.000', 'warehouse'],
        ['G-2', '18000.000', '18150.250', 'onboard'],
        ['G-3', '7.000', '8.500', 'truck'],
      ],
    ],
    [
      'finds accented Spanish headers in a UTF-8 CSV with BOM and ";" (LibreOffice, Spanish locale)',
      'lista.csv',
      `\uFEFF${[
        'Número de bobina;Mercancía;Ubicación;Peso neto (kg);Peso bruto (kg)',
        'LO-1;Bobina;Almacén;1.250,5;1.300',
        'LO-2;Bobina;Camión;18.000;18.150',
      ].join('\r\n')}\r\n`,
      [
        ['LO-1', '1250.500', '1300.000', 'warehouse'],
        ['LO-2', '18000.000', '18150.000', 'truck'],
      ],
    ],
  ])('%s', async (_, name, text, expected) => {
    await importsAs(await newProject(), name, Buffer.from(text, 'utf8'), expected);
  });

  it('refuses "18.000" in a "," file that shows no decimal mark (Google Sheets writes "," in a Spanish locale too), naming the cell', async () => {
    const project = await newProject();
    const spanish = 'Referencia,Mercancía,Peso neto\nGS-1,Bobina,18.000\nGS-2,Bobina,18.250\n';
    const refused = await importFile(project, 'hoja.csv', Buffer.from(spanish));
    expect(refused.status).toBe(400);
    expect(refused.body.file).toEqual([
      expect.stringMatching(
        /^Row 2, column C \(Peso neto\): "18\.000" could be 18\.000 or 18000 \(nothing else/,
      ),
      expect.stringMatching(/^Row 3, column C \(Peso neto\): "18\.250" could be 18\.250 or 18250/),
    ]);
    expect(await items(project)).toEqual([]);
    // One decimal comma in the list decides the others.
    await importOk(project, 'hoja.csv', Buffer.from(`${spanish}GS-3,Bobina,"18.300,5"\n`));
    expect((await items(project)).map((item) => item[1])).toEqual(['18000.000', '18250.000', '18300.500']);
  });

  it('does not count empty lines: thousands of ";;;;" lines at the end, and a row after 50,000 empty lines is read', async () => {
    const project = await newProject();
    const head = 'Referencia;Mercancía;Peso neto;;\r\nV-1;Bobina;10;;\r\n';
    const empty = ';;;;\r\n'.repeat(60_000);
    const tail = await importOk(project, 'cola.csv', Buffer.from(head + empty));
    expect(tail.body).toMatchObject({ created: 1, total: 1 });
    // A row below the empty lines is a row of the list, never dropped without a word.
    await importsAs(project, 'hueco.csv', Buffer.from(`${head}${empty}V-2;Bobina;12;;\r\n`), [
      ['V-1', '10.000', null, 'uncategorized'],
      ['V-2', '12.000', null, 'uncategorized'],
    ]);
  });
});

describe('numbers and units as people type them', () => {
  it('reads thousands separators, spaces and "kg" in text cells, and converts a column in tonnes to kg', async () => {
    const project = await newProject();
    const header = ['Referencia', 'Mercancía', 'Peso neto (kg)', 'Peso bruto (t)'];
    const sheetData = [
      row(1, header),
      row(2, ['U-1', 'Bobina', '1.250,5', '1,3']),
      row(3, ['U-2', 'Bobina', '20 000', '20,15']),
      row(4, ['U-3', 'Bobina', '1250 kg', '1,3 t']),
      // A number cell in the tonnes column, and text that only the list's decimal commas decide.
      row(5, ['U-4', 'Bobina', ' 18.000 ', 18.2]),
    ].join('');
    await importsAs(project, 'unidades.xlsx', await partsXlsx({ sheetData }), [
      ['U-1', '1250.500', '1300.000', 'uncategorized'],
      ['U-2', '20000.000', '20150.000', 'uncategorized'],
      ['U-3', '1250.000', '1300.000', 'uncategorized'],
      ['U-4', '18000.000', '18200.000', 'uncategorized'],
    ]);
    // The same in an English CSV: "1,250.5", metric tonnes named after the name.
    const english = [
      'Reference,Commodity,Net weight kg,Gross weight (metric tons)',
      'U-5,Coil,"1,250.5",1.3',
      'U-6,Coil,"20 000","20.15 MT"',
    ].join('\n');
    await importOk(project, 'units.csv', Buffer.from(english));
    expect((await items(project)).slice(4)).toEqual([
      ['U-5', '1250.500', '1300.000', 'uncategorized'],
      ['U-6', '20000.000', '20150.000', 'uncategorized'],
    ]);
  });

  it("reads the weight headers of mills' packing lists: N.W. (KGS), G.W. (MT), Nett weight, P.N., P.B.", async () => {
    const project = await newProject();
    const mill = [
      'COIL NO.,GRADE,N.W.(KGS),G.W.(MT),COMMODITY',
      'HR-1,SPCC,"18,250",18.42,Coil',
      'HR-2,SPCC,"18,300",18.47,Coil',
    ].join('\r\n');
    await importOk(project, 'mill.csv', Buffer.from(mill));
    const spanish = 'Referencia;Mercancía;P.N. (kg);P.B. (kg)\r\nHR-3;Bobina;1.250,5;1.300\r\n';
    await importOk(project, 'acería.csv', Buffer.from(spanish));
    const nett = 'Reference,Commodity,Nett Weight\nHR-4,Coil,7\n';
    await importOk(project, 'nett.csv', Buffer.from(nett));
    expect(await items(project)).toEqual([
      ['HR-1', '18250.000', '18420.000', 'uncategorized'],
      ['HR-2', '18300.000', '18470.000', 'uncategorized'],
      ['HR-3', '1250.500', '1300.000', 'uncategorized'],
      ['HR-4', '7.000', null, 'uncategorized'],
    ]);
  });

  it('names the cell of a number it cannot read, and refuses a column in pounds, in English and Spanish', async () => {
    const project = await newProject();
    const wrong = [
      'Referencia;Mercancía;Peso neto (kg);Peso bruto (t)',
      'W-1;Bobina;1.250,5;1,3',
      'W-2;Bobina;1.25.0;1,3',
      'W-3;Bobina;12,5 t;1.300 kg',
    ].join('\r\n');
    const refused = await importFile(project, 'mal.csv', Buffer.from(wrong));
    expect(refused.status).toBe(400);
    expect(refused.body.file).toEqual([
      'Row 3, column C (Peso neto (kg)): A valid number is required.',
      'Row 4, column C (Peso neto (kg)): A valid number is required.',
      'Row 4, column D (Peso bruto (t)): A valid number is required.',
    ]);
    const pounds = 'Reference,Commodity,Net weight (lbs)\nP-1,Coil,2755.8\n';
    const english = await importFile(project, 'pounds.csv', Buffer.from(pounds));
    expect(english.status).toBe(400);
    expect(english.body.file).toEqual([
      'Column C ("Net weight (lbs)") is in pounds: weights are imported in kilograms; convert the column to kg or tonnes and import again.',
    ]);
    const spanish = await importFile(project, 'libras.csv', Buffer.from(pounds), {
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.body.file).toEqual([
      'La columna C ("Net weight (lbs)") está en libras: los pesos se importan en kilogramos; convierta la columna a kg o toneladas e importe de nuevo.',
    ]);
    expect(await items(project)).toEqual([]);
  });
});
