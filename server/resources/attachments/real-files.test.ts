// Photos and files as tablets and offices really make them, over HTTP: a tablet photo stored sideways
// with an EXIF orientation, an iPad's HEIC, a large PNG screenshot, a photo past the pixel limit or
// damaged, an empty file, and names with accents and emoji.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, fixtures } from '../../../tests/api/fixtures.js';
import { pdf, shownColour, sidewaysJpeg } from '../../../tests/fixtures/files.js';
import { download, upload } from '../../../tests/fixtures/multipart.js';
import { unzip } from '../../../tests/fixtures/unzip.js';
import { startTestServer, type TestServer } from '../../testing.js';

let server: TestServer;
let f: Fixtures;
let project: string;

const url = (path: string) => `${server.url}${path}`;
const post = (options: Parameters<typeof upload>[1]) =>
  upload(url(`/api/project/${project}/attachments/`), { token: f.staffToken, ...options });
const stored = async () =>
  (await server.query('select count(*)::int as n from attachment where project = $1', [project]))[0]?.n;

/** The start of an iPad photo: an ISO-BMFF "ftyp" box of brand heic (the HEVC data is never decoded). */
function heic(): Buffer {
  const body = Buffer.concat([Buffer.from('heic'), Buffer.alloc(4), Buffer.from('mif1heic')]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from('ftyp'), body, Buffer.alloc(2048, 7)]);
}

/** A PNG whose header claims width x height (a few bytes of pixel data follow). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(100))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
  project = (await f.create('project')).id;
});

afterAll(async () => {
  await server?.close();
});

describe('real-world photos and files', () => {
  it('turns a tablet photo upright by its EXIF orientation in the thumbnail, and keeps the original as sent', async () => {
    const photo = await sidewaysJpeg();
    const sent = await post({
      fields: { is_image: 'true', zone: 'onboard' },
      file: { name: 'IMG_2041.JPG', bytes: photo, type: 'image/jpeg' },
    });
    expect(sent.status).toBe(201);
    const thumb = await download(url(String(sent.body.thumbnail)), f.staffToken);
    // Upright in its pixels (no orientation tag left to a viewer): portrait, the stored left (red) half on top.
    expect((await sharp(thumb.bytes).metadata()).orientation).toBeUndefined();
    const top = await shownColour(thumb.bytes, 0.5, 0.15);
    const bottom = await shownColour(thumb.bytes, 0.5, 0.85);
    expect([top.width, top.height]).toEqual([160, 320]);
    expect([top.red > 150, top.blue < 80, bottom.blue > 150, bottom.red < 80]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    const original = await download(url(String(sent.body.file)), f.staffToken);
    expect(original.bytes.equals(photo)).toBe(true);
    expect((await sharp(original.bytes).metadata()).orientation).toBe(6);
  });

  it("keeps an iPad's HEIC as a document, and answers a HEIC photo with a clear 400 on file", async () => {
    const before = await stored();
    const asPhoto = await post({
      fields: { is_image: 'true', zone: 'fas' },
      file: { name: 'IMG_0042.HEIC', bytes: heic(), type: 'image/heic' },
    });
    expect(asPhoto.status).toBe(400);
    expect(asPhoto.body).toEqual({
      file: [expect.stringMatching(/^HEIC photos \(iPhone, iPad\) cannot be shown/)],
    });
    expect(await stored()).toBe(before);
    const asDocument = await post({ file: { name: 'IMG_0042.HEIC', bytes: heic(), type: 'image/heic' } });
    expect(asDocument.status).toBe(201);
    expect(asDocument.body).toMatchObject({
      name: 'IMG_0042.HEIC',
      content_type: 'image/heic',
      thumbnail: null,
    });
    const back = await download(url(String(asDocument.body.file)), f.staffToken);
    expect(back.bytes.equals(heic())).toBe(true);
  });

  it('takes a large PNG screenshot with transparency; refuses past 100 megapixels and a damaged photo, clearly', async () => {
    const screenshot = await sharp({
      create: { width: 2732, height: 2048, channels: 4, background: { r: 240, g: 240, b: 245, alpha: 0.9 } },
    })
      .composite([
        {
          input: { create: { width: 1200, height: 300, channels: 3, background: '#1c7ed6' } },
          top: 100,
          left: 80,
        },
      ])
      .png()
      .toBuffer();
    const sent = await post({
      fields: { is_image: 'true', description: 'Captura de pantalla' },
      file: {
        name: 'Captura de pantalla 2026-11-22 a las 10.41.07.png',
        bytes: screenshot,
        type: 'image/png',
      },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.content_type).toBe('image/png');
    const thumb = await sharp(
      (await download(url(String(sent.body.thumbnail)), f.staffToken)).bytes,
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([320, 240]);

    const before = await stored();
    const huge = await post({
      fields: { is_image: 'true' },
      file: { name: 'panorama.png', bytes: pngClaiming(20_000, 20_000) },
    });
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ file: [expect.stringMatching(/^The photo has more than 100 megapixels/)] });
    const damaged = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(4000, 0x55)]);
    const broken = await post({ fields: { is_image: 'true' }, file: { name: 'cut.jpg', bytes: damaged } });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({
      file: [expect.stringMatching(/^The photo could not be read: the file is damaged/)],
    });
    expect(await stored()).toBe(before);
  });

  it('keeps an e-invoice .xml without its declaration as a document (served as a plain download)', async () => {
    const invoice = Buffer.from(
      '<fe:Facturae xmlns:fe="http://www.facturae.es/Facturae/2014/v3.2.1/Facturae"></fe:Facturae>',
    );
    const sent = await post({ file: { name: 'Factura 2026-0042.xml', bytes: invoice, type: 'text/xml' } });
    expect(sent.status).toBe(201);
    expect(sent.body.content_type).toBe('application/octet-stream');
    const disguised = await post({
      file: { name: 'factura.xml', bytes: await sidewaysJpeg() },
    });
    expect(disguised.status).toBe(400);
    expect(disguised.body).toEqual({
      file: ['The content of "factura.xml" is not a .xml file (it is JPG).'],
    });
  });

  it('refuses an empty file naming the field, as a photo and as a document', async () => {
    const before = await stored();
    for (const fields of [{ is_image: 'true' }, { is_image: 'false' }]) {
      const empty = await post({
        fields,
        file: { name: 'foto.jpg', bytes: Buffer.alloc(0), type: 'image/jpeg' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ file: ['The submitted file is empty.'] });
    }
    expect(await stored()).toBe(before);
  });

  it('keeps names with accents and emoji: in the list, Content-Disposition filename* and the ZIP', async () => {
    const name = 'Grúa 🏗️ muelle 3 — daño 👷‍♀️ ✅.pdf';
    const report = (await f.create('container-report')).id;
    const sent = await upload(url(`/api/container-report/${report}/attachments/`), {
      token: f.staffToken,
      file: { name, bytes: pdf(), type: 'application/pdf' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.name).toBe(name);
    const got = await download(url(String(sent.body.file)), f.staffToken);
    const disposition = String(got.headers.get('content-disposition'));
    expect(disposition).toBe(
      `attachment; filename="Grua _ muelle 3 _ dano _ _.pdf"; filename*=UTF-8''${encodeURIComponent(name).replace(/'/g, '%27')}`,
    );
    expect(decodeURIComponent(String(got.headers.get('x-suggested-filename')))).toBe(name);
    const zip = await download(url(`/api/container-report/${report}/download_zip/`), f.staffToken);
    expect([...(await unzip(zip.bytes)).keys()]).toEqual([name]);
  });
});
