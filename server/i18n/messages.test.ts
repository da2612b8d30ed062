// Over HTTP: the import's row and column problems, its format refusals and the upload refusals in
// Spanish for a request with Accept-Language: es, in English without it; the DRF shape unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, fixtures } from '../../tests/api/fixtures.js';
import { pdf } from '../../tests/fixtures/files.js';
import { upload } from '../../tests/fixtures/multipart.js';
import { startTestServer, type TestServer } from '../testing.js';

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
    expect(Object.keys(answer.body)).toEqual(['file']);
    const problems = answer.body.file as string[];
    expect(problems).toEqual([
      expect.stringMatching(
        /^Fila 2, columna B \(Commodity\): Mercancía desconocida "Unobtainium" \(use .*Coil/,
      ),
      'Fila 3, columna C (Net weight): La celda muestra el error de hoja de cálculo #N/A (una fórmula que no se pudo calcular): corríjalo en la hoja de cálculo y guarde el archivo de nuevo.',
      'Fila 4, columna D (Quantity): Asegúrese de que este valor sea mayor o igual que 0.',
      'Fila 5, columna A (Reference): La referencia "A-1" también está en la fila 2.',
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
