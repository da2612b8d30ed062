// Attachments sent as base_64 in JSON (the spec's Attachment: "file or base_64"): stored byte for byte
// like a multipart upload (type checked from the bytes, thumbnail for a photo, client id), and refused
// with the field named when the text is not base64, the name is missing, or the file is too large.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, fixtures } from '../../../tests/api/fixtures.js';
import { apiClient } from '../../../tests/api/http.js';
import { jpeg, pdf, shellScript } from '../../../tests/fixtures/files.js';
import { startTestServer, type TestServer } from '../../testing.js';

const LIMIT = 300 * 1024;
let server: TestServer;
let f: Fixtures;
let project: string;

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  server = await startTestServer({ uploadMaxBytes: LIMIT });
  f = await fixtures(server);
  project = (await f.create('project')).id;
});
afterAll(async () => {
  await server?.close();
});

const post = (body: unknown) =>
  apiClient(server.url)<Record<string, unknown>>('POST', `/api/project/${project}/attachments/`, {
    token: f.staffToken,
    body,
  });

async function bytesOf(path: string): Promise<Buffer> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Token ${f.staffToken}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function count(): Promise<number> {
  const rows = await server.query('SELECT count(*)::int AS n FROM attachment WHERE parent_id = $1', [
    project,
  ]);
  return Number(rows[0]?.n);
}

describe('attachments as base_64', () => {
  it('stores a photo from a data: URL and a document from plain base64, byte for byte', async () => {
    const photo = await jpeg(640, 480);
    const id = '01935f6e-8b7a-7cc1-9a3e-5d1f0000b641';
    const image = await post({
      id,
      name: 'hold 4.jpg',
      description: 'Hold 4',
      is_image: true,
      zone: 'onboard',
      base_64: `data:image/jpeg;base64,${photo.toString('base64')}`,
    });
    expect(image.status).toBe(201);
    expect(image.body).toMatchObject({
      id,
      name: 'hold 4.jpg',
      is_image: true,
      zone: 'onboard',
      content_type: 'image/jpeg',
      size: photo.length,
      sha256: sha(photo),
    });
    expect(sha(await bytesOf(`/api/attachments/${id}/download/`))).toBe(sha(photo));
    const thumbnail = await fetch(`${server.url}/api/attachments/${id}/thumbnail/`, {
      headers: { authorization: `Token ${f.staffToken}` },
    });
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');

    // The same id again: the stored attachment, no second file.
    const again = await post({ id, name: 'hold 4.jpg', is_image: true, base_64: photo.toString('base64') });
    expect(again.status).toBe(200);

    const document = pdf();
    // Line-wrapped base64 (as some encoders write it) is read too.
    const wrapped = document.toString('base64').replace(/(.{76})/g, '$1\n');
    const made = await post({ name: 'bill of lading.pdf', description: null, base_64: wrapped });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'bill of lading.pdf', is_image: false, size: document.length });
    expect(sha(await bytesOf(String(made.body.file)))).toBe(sha(document));
  });

  it('refuses bad base_64 uploads with the field named, and stores nothing', async () => {
    const before = await count();
    const content = pdf().toString('base64');
    const cases: Array<[unknown, number, string]> = [
      [{ name: 'a.pdf', base_64: 'this is *not* base64!' }, 400, 'base_64'],
      [{ name: 'a.pdf' }, 400, 'base_64'],
      [{ name: 'a.pdf', base_64: 12 }, 400, 'base_64'],
      [{ base_64: content }, 400, 'name'],
      [{ name: 'empty.pdf', base_64: '' }, 400, 'base_64'],
      // The bytes decide the type: a script named .jpg is refused as for multipart.
      [{ name: 'x.jpg', is_image: true, base_64: shellScript().toString('base64') }, 400, 'file'],
      [{ name: 'a.pdf', is_image: 'maybe', base_64: content }, 400, 'is_image'],
      [{ name: 'big.pdf', base_64: Buffer.alloc(LIMIT + 1, 7).toString('base64') }, 413, 'file'],
    ];
    for (const [body, status, field] of cases) {
      const answer = await post(body);
      expect({ body, status: answer.status }).toEqual({ body, status });
      expect(Object.keys(answer.body)).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it('keeps the provenance sent beside base_64 (capture time, device, position, hash), as multipart does', async () => {
    const photo = await jpeg(64, 48);
    const sent = await post({
      name: 'coil.jpg',
      base_64: photo.toString('base64'),
      is_image: true,
      captured_at: '2026-11-20T09:14:03Z',
      capture_device: 'erp-camera-2',
      capture_latitude: 43.362911,
      capture_longitude: '-8.401543',
      capture_accuracy: 5,
      capture_sha256: sha(photo),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({
      captured_at: '2026-11-20T09:14:03.000Z',
      capture_device: 'erp-camera-2',
      capture_latitude: '43.362911',
      capture_longitude: '-8.401543',
      capture_sha256: sha(photo),
      altered: false,
    });
    const bad = await post({ name: 'coil.jpg', base_64: photo.toString('base64'), capture_latitude: 123 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['capture_latitude']);
  });
});
