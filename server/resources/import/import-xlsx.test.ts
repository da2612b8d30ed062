// Packing lists as offices make them in Excel, over HTTP: a title above the header, a cover sheet
// first, numbers typed as text, formulas (their cached results), date and hidden columns, headers with
// odd spacing, case, accents and line breaks; and the files that are not .xlsx or CSV at all.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { jpeg, pdf } from '../../../tests/fixtures/files.js';
import { inline, partsXlsx, zipOf as zip } from '../../../tests/fixtures/xlsx-parts.js';
import { expectImported, importRig } from './testing.js';

const { importFile, items, newProject } = importRig(
  'reference, quantity, net_weight, gross_weight, location',
);
const bytesOf = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer());

describe('.xlsx packing lists from real offices', () => {
  it('reads the list on the second sheet below its title: text numbers, formulas, dates, hidden columns', async () => {
    const project = await newProject();
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Notas').addRow(['Buque MV Atlantic — viaje 12', 'Escala Bilbao']);
    const list = book.addWorksheet('Packing list');
    list.addRow(['PACKING LIST MV ATLANTIC']);
    list.addRow(['Fecha de emisión', new Date(Date.UTC(2026, 10, 20))]);
    list.addRow([
      '  Nº  REFERENCIA ',
      'MERCANCIA',
      'Código interno',
      'Peso\nNeto (Kg)',
      'peso   bruto kg',
      'Ubicacion',
      'Fecha llegada',
      'Uds.',
    ]);
    list.addRow([
      'C-1',
      'Bobina',
      'x1',
      '1.234,5',
      { formula: 'D4+150', result: 1384.5 },
      'almacen',
      new Date(Date.UTC(2026, 10, 21)),
      '2',
    ]);
    list.addRow([
      'C-2',
      'Bobina',
      'x2',
      ' 18000 ',
      { formula: 'D5+150', result: 18150 },
      'A BORDO',
      new Date(Date.UTC(2026, 10, 22)),
      1,
    ]);
    list.addRow([]);
    list.getColumn(3).hidden = true;
    // A second list after the first one is not read.
    book.addWorksheet('Otra').addRow(['Referencia']);
    const answer = await importFile(project, 'PL MV Atlantic.xlsx', await bytesOf(book));
    expectImported(answer, { created: 2, ignored_columns: ['Código interno', 'Fecha llegada'] });
    expect(await items(project)).toEqual([
      {
        reference: 'C-1',
        quantity: '2.000',
        net_weight: '1234.500',
        gross_weight: '1384.500',
        location: 'warehouse',
      },
      {
        reference: 'C-2',
        quantity: '1.000',
        net_weight: '18000.000',
        gross_weight: '18150.000',
        location: 'onboard',
      },
    ]);
  });

  it('reads "18.000" typed as text by the decimal commas of the same list; names the cell when nothing decides, or when it may be a number cell', async () => {
    const project = await newProject();
    const book = new ExcelJS.Workbook();
    const list = book.addWorksheet('Lista');
    list.addRow(['Referencia', 'Mercancía', 'Peso neto', 'Peso bruto']);
    list.addRow(['S-1', 'Granito', '18.000', '18.250,5']);
    expect((await importFile(project, 'lista.xlsx', await bytesOf(book))).status).toBe(200);
    expect((await items(project)).map((row) => row.net_weight)).toEqual(['18000.000']);

    const unsure = new ExcelJS.Workbook();
    const sheet = unsure.addWorksheet('Lista');
    sheet.addRow(['Title']);
    sheet.addRow(['Referencia', 'Mercancía', 'Peso neto']);
    sheet.addRow(['S-2', 'Granito', '2.500']);
    const alone = await importFile(project, 'dudosa.xlsx', await bytesOf(unsure));
    expect(alone.status).toBe(400);
    expect(alone.body.file).toEqual([
      expect.stringMatching(
        /^Row 3, column C \(Peso neto\): "2\.500" could be 2\.500 or 2500 \(nothing else/,
      ),
    ]);
    // Number cells mixed with text numbers: a number cell (1234.5, 1.234) shows no locale of its own.
    sheet.addRow(['S-3', 'Granito', 1234.5]);
    sheet.addRow(['S-4', 'Granito', 1.234]);
    sheet.addRow(['S-5', 'Granito', '12,5']);
    const refused = await importFile(project, 'dudosa.xlsx', await bytesOf(unsure));
    expect(refused.status).toBe(400);
    // "12,5" says the list writes decimal commas: "2.500" is 2500, but "1.234" may be the number 1.234.
    expect(refused.body.file).toEqual([
      expect.stringMatching(/^Row 5, column C \(Peso neto\): "1\.234" could be the number 1\.234 or 1234/),
    ]);
    sheet.spliceRows(5, 1);
    expect((await importFile(project, 'decidida.xlsx', await bytesOf(unsure))).status).toBe(200);
    expect((await items(project)).map((row) => [row.reference, row.net_weight])).toEqual([
      ['S-1', '18000.000'],
      ['S-2', '2500.000'],
      ['S-3', '1234.500'],
      ['S-5', '12.500'],
    ]);
  });

  it('names a weight that Excel turned into a date ("12.5" typed in Spanish Excel is 12 May), never imports its serial number', async () => {
    const project = await newProject();
    const book = new ExcelJS.Workbook();
    const list = book.addWorksheet('Lista');
    list.addRow(['Referencia', 'Mercancía', 'Peso neto', 'Fecha']);
    list.addRow(['D-1', 'Bobina', new Date(Date.UTC(2026, 4, 12)), new Date(Date.UTC(2026, 10, 20))]);
    list.addRow(['D-2', 'Bobina', 12.5, new Date(Date.UTC(2026, 10, 20))]);
    const answer = await importFile(project, 'fechas.xlsx', await bytesOf(book));
    expect(answer.status).toBe(400);
    expect(answer.body.file).toEqual([
      expect.stringMatching(
        /^Row 2, column C \(Peso neto\): This cell is a date in the spreadsheet, not a number/,
      ),
    ]);
    expect(await items(project)).toHaveLength(0);
  });

  it('names a formula that failed (#N/A) or has no saved result by row and column, never imports it', async () => {
    const project = await newProject();
    const book = new ExcelJS.Workbook();
    const list = book.addWorksheet('Lista');
    list.addRow(['Referencia', 'Mercancía', 'Peso neto']);
    list.addRow(['F-1', 'Bobina', { formula: 'VLOOKUP(A2,Pesos!A:B,2,FALSE)', result: { error: '#N/A' } }]);
    // Written by a program that does not calculate: the formula without its result.
    list.addRow([{ formula: 'CONCAT("F-",2)' } as ExcelJS.CellFormulaValue, 'Bobina', 4]);
    list.addRow(['F-3', 'Bobina', { error: '#N/A' }]);
    const answer = await importFile(project, 'formulas.xlsx', await bytesOf(book));
    expect(answer.status).toBe(400);
    expect(answer.body.file).toEqual([
      expect.stringMatching(
        /^Row 2, column C \(Peso neto\): This cell holds a formula whose result is not in the file/,
      ),
      expect.stringMatching(/^Row 3, column A \(Referencia\): This cell holds a formula whose result/),
      expect.stringMatching(/^Row 4, column C \(Peso neto\): The cell shows the spreadsheet error #N\/A/),
    ]);
    expect(await items(project)).toHaveLength(0);
  });

  it('refuses a worksheet whose XML stops short (a writer stopped mid-file), never imports the rows before the cut', async () => {
    const project = await newProject();
    const row = (r: number, reference: string, commodity = 'Coil') =>
      `<row r="${r}">${inline(reference, `A${r}`)}${inline(commodity, `B${r}`)}</row>`;
    const sheetData = [
      row(1, 'Reference', 'Commodity'),
      row(2, 'CUT-1'),
      row(3, 'CUT-2'),
      row(4, 'CUT-3'),
    ].join('');
    for (const bytes of [
      await partsXlsx({ sheetData, cutBefore: '<row r="3">' }),
      // The same in a workbook that is repaired before it is read (the .NET SDK's "x:" prefix).
      await partsXlsx({
        sheetData: sheetData.replace(/<(\/?)(row|c|is|t)\b/g, '<$1x:$2'),
        prefix: 'x',
        cutBefore: '<x:row r="3">',
      }),
    ]) {
      const answer = await importFile(project, 'cut.xlsx', bytes);
      expect(answer.status).toBe(400);
      expect(answer.body.file).toEqual([
        'This is not a valid .xlsx file (save it as Excel Workbook, or as CSV).',
      ]);
    }
    const whole = await importFile(project, 'whole.xlsx', await partsXlsx({ sheetData }));
    expectImported(whole, { created: 3 });
  });

  it('refuses an old .xls, an .ods, an Apple Numbers file, a PDF or a photo renamed .xlsx and a web page named .xls, saying what is read', async () => {
    const project = await newProject();
    const accepted = /Packing lists are read from \.xlsx \(Excel Workbook\) or \.csv files/;
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
    const ods = await zip([
      { name: 'mimetype', text: 'application/vnd.oasis.opendocument.spreadsheet', store: true },
      { name: 'content.xml', text: '<office:document-content/>' },
    ]);
    const html = Buffer.from('<html><body><table><tr><td>Referencia</td></tr></table></body></html>');
    // What an iPad's Numbers app saves.
    const numbers = await zip([
      { name: 'Index/Document.iwa', text: 'iwa' },
      { name: 'Metadata/Properties.plist', text: '<plist/>' },
    ]);
    const cases: [string, Buffer, RegExp][] = [
      ['lista.xls', xls, /^This is an old Excel \.xls/],
      [
        'protegida.xlsx',
        Buffer.concat([xls, Buffer.from('EncryptionInfo', 'utf16le'), Buffer.alloc(512)]),
        /^This workbook is protected with a password/,
      ],
      ['lista.ods', ods, /^This is an OpenDocument spreadsheet \(\.ods\)/],
      ['lista.xlsx', pdf(), /^This is a PDF/],
      ['lista.xlsx', await jpeg(40, 30), /^This is a JPG file \(image\/jpeg\)/],
      ['export.xls', html, /^This is a web page \(HTML\)/],
      ['lista.numbers', numbers, /^This is an Apple Numbers file/],
    ];
    for (const [name, bytes, message] of cases) {
      const answer = await importFile(project, name, bytes);
      expect(answer.status, name).toBe(400);
      expect(answer.body.file, name).toEqual([expect.stringMatching(message)]);
      expect(String((answer.body.file as string[])[0]), name).toMatch(accepted);
    }
    expect(await items(project)).toHaveLength(0);
    // An ERP's tab-separated export named .xls is text: read as the CSV it is.
    const tabs = Buffer.from('Referencia\tMercancía\tPeso neto\r\nX-1\tBobina\t1.250,5\r\n', 'latin1');
    expect((await importFile(project, 'export.xls', tabs)).status).toBe(200);
    expect(await items(project)).toMatchObject([{ reference: 'X-1', net_weight: '1250.500' }]);
  });
});
