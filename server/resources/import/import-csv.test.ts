// Packing lists as real offices save them to CSV, over HTTP: Spanish Excel (Windows-1252, ";", decimal
// comma, CRLF, quoted separators and line breaks, empty trailing rows and columns), Excel's "sep=" line,
// Mac Roman, UTF-16 "Unicode text", and numbers that only the file's locale can decide.
import { describe, expect, it } from 'vitest';
import { expectImported, importRig } from './testing.js';

const { importFile, items, newProject } = importRig(
  'reference, quantity, net_weight, gross_weight, location, packing',
);
const lines = (...rows: string[]) => `${rows.join('\r\n')}\r\n`;

describe('CSV packing lists from real offices', () => {
  it('reads a Spanish Excel CSV: Windows-1252, ";", decimal commas, quotes, CRLF, empty rows and columns', async () => {
    const project = await newProject();
    const text = lines(
      'Referencia;Mercancía;Descripción;Ubicación;Peso neto (kg);Peso bruto (kg);Cantidad;Embalaje;;',
      'B-001;Bobina;"Bobina laminada; lote 7";Almacén;1.234,5;"1.300,75";2;Fleje;;',
      'B-002;Bobina;"Dos líneas:',
      'segunda línea";A bordo;18.000;18.150;1;"Palé ""europeo""";;',
      'B-003;Granito;;Camión;12,5;13;1.000;;;',
      ';;;;;;;;;',
      ';;;;;;;;;',
      '',
    );
    const answer = await importFile(project, 'Lista de embarque.csv', Buffer.from(text, 'latin1'));
    expectImported(answer, { created: 3, ignored_columns: ['Descripción'] });
    expect(await items(project)).toEqual([
      {
        reference: 'B-001',
        quantity: '2.000',
        net_weight: '1234.500',
        gross_weight: '1300.750',
        location: 'warehouse',
        packing: 'Fleje',
      },
      // The ";" file is from a decimal-comma locale: "18.000" is eighteen thousand.
      {
        reference: 'B-002',
        quantity: '1.000',
        net_weight: '18000.000',
        gross_weight: '18150.000',
        location: 'onboard',
        packing: 'Palé "europeo"',
      },
      {
        reference: 'B-003',
        quantity: '1000.000',
        net_weight: '12.500',
        gross_weight: '13.000',
        location: 'truck',
        packing: null,
      },
    ]);
  });

  it('finds the ";" header below a title line that has no delimiter', async () => {
    const project = await newProject();
    const text = lines(
      'PACKING LIST MV ATLANTIC',
      '',
      'Referencia;Mercancía;Peso neto',
      'T-1;Bobina;1.250,5',
    );
    expect((await importFile(project, 'lista.csv', Buffer.from(text))).status).toBe(200);
    expect(await items(project)).toMatchObject([{ reference: 'T-1', net_weight: '1250.500' }]);
  });

  it("names a formula's error (#N/A, #¡VALOR!) by row and column, never imports it as a reference or weight", async () => {
    const project = await newProject();
    const text = lines(
      'Referencia;Mercancía;Peso neto',
      '#N/A;Bobina;10',
      'E-2;Bobina;#¡VALOR!',
      'E-3;#N/D;5',
    );
    const answer = await importFile(project, 'errores.csv', Buffer.from(text));
    expect(answer.status).toBe(400);
    expect(answer.body.file).toEqual([
      'Row 2, column A (Referencia): The cell shows the spreadsheet error #N/A (a formula that could not be worked out): correct it in the spreadsheet and save the file again.',
      expect.stringMatching(/^Row 3, column C \(Peso neto\): The cell shows the spreadsheet error #¡VALOR!/),
      expect.stringMatching(/^Row 4, column B \(Mercancía\): The cell shows the spreadsheet error #N\/D/),
    ]);
    expect(await items(project)).toHaveLength(0);
  });

  it('names rows as Excel shows them after a quoted line break, and counts a "sep=;" line out', async () => {
    const project = await newProject();
    const text = lines(
      'sep=;',
      'Referencia;Mercancía;Observaciones;Peso neto',
      'R-1;Bobina;"línea uno',
      'línea dos";10',
      'R-2;Bobina;;pesado',
    );
    const answer = await importFile(project, 'lista.csv', Buffer.from(`\uFEFF${text}`, 'utf8'));
    expect(answer.status).toBe(400);
    expect(answer.body.file).toEqual(['Row 3, column D (Peso neto): A valid number is required.']);
    expect(await items(project)).toHaveLength(0);
  });

  it('decides "1,234" by the file: its other numbers first, then its delimiter, else an error naming the cell', async () => {
    // A "," file (English locale): the quoted "1,234" is one thousand two hundred and thirty-four.
    const english = await newProject();
    const comma = lines(
      'Reference,Commodity,Net weight,Gross weight',
      'E-1,Coil,"1,234","1,300"',
      'E-2,Coil,7,8',
    );
    expect((await importFile(english, 'list.csv', Buffer.from(comma))).status).toBe(200);
    expect((await items(english)).map((row) => [row.net_weight, row.gross_weight])).toEqual([
      ['1234.000', '1300.000'],
      ['7.000', '8.000'],
    ]);

    // A ";" file whose numbers are written with decimal points: "1.234" follows them, not the delimiter.
    const points = await newProject();
    const dotted = lines('Referencia;Mercancía;Peso neto', 'P-1;Bobina;1250.75', 'P-2;Bobina;1.234');
    expect((await importFile(points, 'lista.csv', Buffer.from(dotted))).status).toBe(200);
    expect((await items(points)).map((row) => row.net_weight)).toEqual(['1250.750', '1.234']);

    // Tab-separated, nothing else to tell: refused, naming row and column; nothing imported.
    const unknown = await newProject();
    const tabs = lines('Reference\tCommodity\tNet weight', 'T-1\tCoil\t1.234', 'T-2\tCoil\t500');
    const refused = await importFile(unknown, 'list.txt', Buffer.from(tabs));
    expect(refused.status).toBe(400);
    expect(refused.body.file).toEqual([
      expect.stringMatching(
        /^Row 2, column C \(Net weight\): "1\.234" could be 1\.234 or 1234 \(nothing else/,
      ),
    ]);
    // Unquoted decimal commas in a "," file split numbers and shift the cells: refused, never read.
    const split = lines('Reference,Commodity,Net weight,Gross weight', 'S-1,Coil,12,5,13', 'S-2,Coil,7,8');
    const shifted = await importFile(unknown, 'split.csv', Buffer.from(split));
    expect(shifted.status).toBe(400);
    expect(shifted.body.file).toEqual([
      expect.stringMatching(/^Row 2, column E \(no header\): the row has more values than the header/),
    ]);
    // A column of notes without a header, as Excel writes it (every line as long as the header line), is fine.
    const notes = lines('Reference,Commodity,Net weight,', 'N-1,Coil,7,check seal', 'N-2,Coil,8,');
    expect((await importFile(english, 'notes.csv', Buffer.from(notes))).status).toBe(200);
    // A file that writes decimals both ways cannot decide either.
    const mixed = lines(
      'Referencia;Mercancía;Peso neto',
      'M-1;Bobina;12,5',
      'M-2;Bobina;10.5',
      'M-3;Bobina;2.500',
    );
    const both = await importFile(unknown, 'mixta.csv', Buffer.from(mixed));
    expect(both.status).toBe(400);
    expect(both.body.file).toEqual([
      expect.stringMatching(
        /^Row 4, column C \(Peso neto\): "2\.500" could be 2\.500 or 2500 \(the file writes decimals both/,
      ),
    ]);
    expect(await items(unknown)).toHaveLength(0);
  });

  it('reads Mac Roman and UTF-16 ("Unicode text") files, and refuses an empty file naming the field', async () => {
    const project = await newProject();
    // Mac Roman: "ó" is 0x97, "é" is 0x8E (which Windows-1252 would read as "—" and "Ž").
    const mac = Buffer.from('Referencia;Ubicaci\x97n;Mercanc\x92a\r\nMAC-1;Almac\x8En;Bobina\r\n', 'latin1');
    expect((await importFile(project, 'mac.csv', mac)).status).toBe(200);
    const unicode = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Referencia\tUbicación\tMercancía\r\nU16-1\tCamión\tBobina\r\n', 'utf16le'),
    ]);
    expect((await importFile(project, 'unicode.txt', unicode)).status).toBe(200);
    expect((await items(project)).map((row) => [row.reference, row.location])).toEqual([
      ['MAC-1', 'warehouse'],
      ['U16-1', 'truck'],
    ]);
    const empty = await importFile(project, 'vacío.csv', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    // Refused as a whole: its line, and beside it the same as a problem of the whole file, keyed.
    expect(empty.body).toEqual({
      file: ['The submitted file is empty.'],
      problems: [
        {
          row: null,
          column: null,
          header: null,
          field: null,
          key: 'upload.empty',
          values: {},
          text: 'The submitted file is empty.',
        },
      ],
      unlisted: 0,
    });
  });
});
