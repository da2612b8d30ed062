// Over HTTP: the import's row and column problems, its format refusals and the upload refusals in
// Spanish for a request with Accept-Language: es, in English without it; the DRF shape unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, fixtures } from '../../tests/api/fixtures.js';
import { pdf } from '../../tests/fixtures/files.js';
import { upload } from '../../tests/fixtures/multipart.js';
import { HttpError } from '../http/errors.js';
import { fileRefusal } from '../resources/import/refusal.js';
import { startTestServer, type TestServer } from '../testing.js';
import { en } from './en.js';
import { say } from './message.js';

const LIMIT = 200 * 1024;
let server: TestServer;
let f: Fixtures;
let project: string;

const SPANISH = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' };
const importFile = (name: string, text: string | Buffer, headers: Record<string, string> = {}) =>
  upload(`${server.url}/api/project/${project}/import_pl/`, {
    token: f.staffToken,
    headers,
    file: { name, bytes: Buffer.isBuffer(text) ? text : Buffer.from(text) },
  });
const attach = (options: Parameters<typeof upload>[1]) =>
  upload(`${server.url}/api/project/${project}/attachments/`, { token: f.staffToken, ...options });
const count = async (table: string) =>
  (await server.query(`select count(*)::int as n from ${table} where project = $1`, [project]))[0]?.n;

/** The start of an iPad photo: an ISO-BMFF "ftyp" box of brand heic. */
function heicStart(): Buffer {
  const body = Buffer.concat([Buffer.from('heic'), Buffer.alloc(4), Buffer.from('mif1heic')]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from('ftyp'), body, Buffer.alloc(2048, 7)]);
}

const LIST = [
  'Reference,Commodity,Net weight,Quantity',
  'A-1,Unobtainium,10,1',
  'A-2,Coil,#N/A,1',
  'A-3,Coil,10,-1',
  'A-1,Coil,10,1',
  '',
].join('\r\n');

/** The English catalogue's sentences, cut at their values: none may be part of a Spanish answer. */
const ENGLISH = Object.values(en)
  .flatMap((template) => template.split(/\{\w+\}/))
  .map((part) => part.trim())
  .filter((part) => part.split(' ').length >= 3);
/** Code names of the packing list's fields, which a Spanish answer says by their labels. */
const CODE_NAMES = /\b(?:net_weight|gross_weight|label_color|reference|commodity|and|or)\b/;

function allSpanish(lines: unknown): string[] {
  expect(Array.isArray(lines)).toBe(true);
  for (const line of lines as string[]) {
    for (const english of ENGLISH) expect(line, `"${english}" in a Spanish answer`).not.toContain(english);
    expect(line).not.toMatch(CODE_NAMES);
  }
  return lines as string[];
}

beforeAll(async () => {
  server = await startTestServer({ uploadMaxBytes: LIMIT });
  f = await fixtures(server);
  project = (await f.create('project')).id;
});

afterAll(async () => {
  await server?.close();
});

describe('import problems in the user language', () => {
  it('names each row and column in Spanish for Accept-Language: es, nothing imported', async () => {
    const answer = await importFile('lista.csv', LIST, SPANISH);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual(['file', 'problems', 'unlisted']);
    // Beside the lines, each problem by row, column and field with its message's key, worded in Spanish.
    expect((answer.body.problems as unknown[])[1]).toEqual({
      row: 3,
      column: 'C',
      header: 'Net weight',
      field: 'net_weight',
      key: 'import.spreadsheet_error',
      values: { shown: '#N/A' },
      text: 'La celda muestra el error de hoja de cálculo #N/A (una fórmula que no se pudo calcular): corríjalo en la hoja de cálculo y guarde el archivo de nuevo.',
    });
    const problems = answer.body.file as string[];
    expect(problems).toEqual([
      expect.stringMatching(
        /^Fila 2, columna B \(Commodity\): Mercancía desconocida "Unobtainium" \(use .*Coil/,
      ),
      'Fila 3, columna C (Net weight): La celda muestra el error de hoja de cálculo #N/A (una fórmula que no se pudo calcular): corríjalo en la hoja de cálculo y guarde el archivo de nuevo.',
      'Fila 4, columna D (Quantity): Asegúrese de que este valor sea mayor o igual que 0.',
      'Fila 5, columna A (Reference): La referencia "A-1" también está en la fila 2.',
    ]);
    expect(problems[0]).toMatch(/ [ou] \S+\)\.$/);
    expect(await count('packing_list')).toBe(0);
  });

  it('words every row problem and header refusal in Spanish, values and field names too', async () => {
    // Tab-separated: nothing shows the decimal mark of "1,234"; a gross weight under the net weight; label
    // colours on a coil; a weight that is no number.
    const tsv = [
      'Referencia\tMercancía\tPeso neto\tPeso bruto\tColor de etiqueta',
      'B-1\tCoil\t1,234\t\t',
      'B-2\tCoil\t10\t5\t',
      'B-3\tCoil\t10\t\trojo',
      'B-4\tCoil\t10\tabc\t',
      '',
    ].join('\r\n');
    const rows = await importFile('lista.txt', tsv, SPANISH);
    expect(rows.status).toBe(400);
    expect(allSpanish(rows.body.file)).toEqual([
      'Fila 2, columna C (Peso neto): "1,234" puede ser 1.234 o 1234 (nada más en el archivo muestra su separador decimal): escríbalo sin separador de miles (1234) o con un 4.º decimal (1,2340).',
      'Fila 3, columna D (Peso bruto): No puede ser menor que peso neto (kg).',
      'Fila 4, columna E (Color de etiqueta): Los colores de etiqueta solo se aplican al aluminio.',
      'Fila 5, columna D (Peso bruto): Se requiere un número válido.',
    ]);
    // The same file in English: the domain's messages and their values as the ERP integrations read them.
    expect((await importFile('list.txt', tsv)).body.file).toEqual([
      'Row 2, column C (Peso neto): "1,234" could be 1.234 or 1234 (nothing else in the file shows its decimal mark): write it without the thousands separator (1234) or with a 4th decimal (1,2340).',
      'Row 3, column D (Peso bruto): Must not be less than net_weight.',
      'Row 4, column E (Color de etiqueta): Label colors apply only to aluminium.',
      'Row 5, column D (Peso bruto): A valid number is required.',
    ]);
    // The header problems: a field twice, a weight in pounds; no reference column; a split decimal comma.
    const twice = await importFile('lista.csv', 'Referencia,Reference,Peso neto (lb)\r\nA,B,1\r\n', SPANISH);
    expect(allSpanish(twice.body.file)).toEqual([
      'Las columnas A ("Referencia") y B ("Reference") son ambas referencia.',
      'La columna C ("Peso neto (lb)") está en libras: los pesos se importan en kilogramos; convierta la columna a kg o toneladas e importe de nuevo.',
    ]);
    const none = await importFile('lista.csv', 'Foo,Bar\r\n1,2\r\n', SPANISH);
    expect(allSpanish(none.body.file)).toEqual([
      'No hay columna de referencia: la fila de encabezado (una de las 20 primeras) debe nombrarla, p. ej. "Referencia" o "Reference". Encontrado: "Foo", "Bar".',
    ]);
    const split = await importFile(
      'lista.csv',
      'Referencia,Mercancía,Peso neto\r\nA-1,Coil,12,5\r\n',
      SPANISH,
    );
    expect(allSpanish(split.body.file)).toEqual([
      expect.stringMatching(/^Fila 2, columna D \(sin encabezado\): /),
    ]);
    expect(await count('packing_list')).toBe(0);
  });

  it('keeps English without Accept-Language (what the ERP integrations read)', async () => {
    const answer = await importFile('list.csv', LIST);
    expect(answer.status).toBe(400);
    const problems = answer.body.file as string[];
    expect(problems[0]).toMatch(/^Row 2, column B \(Commodity\): Unknown commodity "Unobtainium"/);
    expect(problems[3]).toBe('Row 5, column A (Reference): The reference "A-1" is also on row 2.');
  });

  it('refuses a PDF in the language asked, English for a language the server does not speak', async () => {
    const spanish = await importFile('lista.xlsx', pdf(), { 'accept-language': 'es' });
    expect(spanish.status).toBe(400);
    expect(spanish.body.file).toEqual([expect.stringMatching(/^Esto es un PDF, no una hoja de cálculo\./)]);
    const french = await importFile('liste.xlsx', pdf(), { 'accept-language': 'fr-FR' });
    expect(french.body.file).toEqual([expect.stringMatching(/^This is a PDF, not a spreadsheet\./)]);
  });

  it('refuses a packing list past the upload limit (413) in Spanish, keyed beside its words for the app', async () => {
    const big = await importFile('grande.csv', Buffer.alloc(LIMIT + 1024, 'a'), SPANISH);
    expect(big.status).toBe(413);
    expect(big.body).toEqual({
      file: ['El archivo supera el límite de 0.2 MB.'],
      detail: 'El archivo supera el límite de 0.2 MB.',
      problems: [
        {
          row: null,
          column: null,
          header: null,
          field: null,
          key: 'upload.too_large',
          values: { size: '0.2 MB' },
          text: 'El archivo supera el límite de 0.2 MB.',
        },
      ],
      unlisted: 0,
    });
  });

  it("refuses a packing list for a project no longer there (404) in Spanish, keyed as the file's problem", async () => {
    const gone = await upload(`${server.url}/api/project/0190b1b2-0000-7000-8000-000000000000/import_pl/`, {
      token: f.staffToken,
      headers: SPANISH,
      file: { name: 'lista.csv', bytes: Buffer.from('Referencia\nA-1\n') },
    });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({
      detail: 'No encontrado.',
      file: ['No encontrado.'],
      problems: [
        expect.objectContaining({ row: null, key: 'not_found', values: {}, text: 'No encontrado.' }),
      ],
    });
  });
});

describe("the statuses that refuse an import's file", () => {
  it('answers a wait or a sign-in to come as it is, as the app reads them (NOT_A_REFUSAL, one list)', () => {
    const gone = fileRefusal(new HttpError(404, { detail: say('not_found') }), 'es');
    expect(gone?.statusCode).toBe(404);
    expect(gone?.body.problems).toEqual([
      expect.objectContaining({ key: 'not_found', text: 'No encontrado.' }),
    ]);
    // A request timed out (408) or too early (425) is sent again by the device, like a 401 or a 429.
    for (const status of [401, 408, 425, 429])
      expect(fileRefusal(new HttpError(status, { detail: say('not_found') }), 'es')).toBeUndefined();
  });
});

describe('upload refusals in the user language', () => {
  it('answers 413 in Spanish, field and detail, and in English without the header', async () => {
    const bytes = Buffer.concat([pdf(), Buffer.alloc(LIMIT)]);
    const spanish = await attach({ headers: SPANISH, file: { name: 'grande.pdf', bytes } });
    expect(spanish.status).toBe(413);
    expect(spanish.body).toEqual({
      file: ['El archivo supera el límite de 0.2 MB.'],
      detail: 'El archivo supera el límite de 0.2 MB.',
    });
    const english = await attach({ file: { name: 'big.pdf', bytes } });
    expect(english.body.file).toEqual(['The file is larger than the limit of 0.2 MB.']);
    expect(await count('attachment')).toBe(0);
  });

  it('refuses an empty file and a document posing as a photo in Spanish', async () => {
    const empty = await attach({ headers: SPANISH, file: { name: 'vacío.pdf', bytes: Buffer.alloc(0) } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ file: ['El archivo enviado está vacío.'] });
    const notPhoto = await attach({
      headers: SPANISH,
      fields: { is_image: 'true' },
      file: { name: 'foto.pdf', bytes: pdf() },
    });
    expect(notPhoto.status).toBe(400);
    expect(notPhoto.body.file).toEqual([
      'No es una foto: envíe una imagen JPEG, PNG, WebP, GIF, AVIF o TIFF (no se acepta SVG).',
    ]);
    expect(await count('attachment')).toBe(0);
  });

  it("refuses an iPad's HEIC photo and a damaged photo in Spanish", async () => {
    const heic = await attach({
      headers: SPANISH,
      fields: { is_image: 'true' },
      file: { name: 'IMG_0042.HEIC', bytes: heicStart(), type: 'image/heic' },
    });
    expect(heic.status).toBe(400);
    expect(heic.body.file).toEqual([
      expect.stringMatching(/^Las fotos HEIC \(iPhone, iPad\) no se pueden mostrar/),
    ]);
    const damaged = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(4000, 0x55)]);
    const broken = await attach({
      headers: SPANISH,
      fields: { is_image: 'true' },
      file: { name: 'cut.jpg', bytes: damaged },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.file).toEqual([
      'No se pudo leer la foto: el archivo está dañado o no es una imagen completa.',
    ]);
    expect(await count('attachment')).toBe(0);
  });
});
