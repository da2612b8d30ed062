// Evidence that holds up (issue 21): a file carries its capture time, device, position and hash from the
// device, beside the server's arrival time, author and hash; bytes that differ from those captured are
// flagged; bad provenance is refused naming the field, and nothing is stored.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, fixtures } from '../../../tests/api/fixtures.js';
import { jpeg } from '../../../tests/fixtures/files.js';
import { upload } from '../../../tests/fixtures/multipart.js';
import { startTestServer, type TestServer } from '../../testing.js';

let server: TestServer;
let f: Fixtures;
let project: string;
let photo: Buffer;

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  upload(`${server.url}/api/project/${project}/attachments/`, {
    token: f.staffToken,
    headers,
    fields: { is_image: 'true', ...fields },
    file: { name: 'coil.jpg', bytes: photo, type: 'image/jpeg' },
  });
const count = async () =>
  Number(
    (await server.query('SELECT count(*)::int AS n FROM attachment WHERE project = $1', [project]))[0].n,
  );

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
  project = (await f.create('project')).id;
  photo = await jpeg(640, 480);
});
afterAll(async () => {
  await server?.close();
});

describe('provenance of a photo', () => {
  it('keeps the capture time, device, position and hash beside the arrival time and author', async () => {
    const before = Date.now();
    const sent = await post({
      captured_at: '2026-11-20T09:14:03.250Z',
      capture_device: 'c0ffee00-tablet-7',
      capture_latitude: '43.362911',
      capture_longitude: '-8.401543',
      capture_accuracy: '12.5',
      capture_sha256: sha(photo).toUpperCase(),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({
      captured_at: '2026-11-20T09:14:03.250Z',
      capture_device: 'c0ffee00-tablet-7',
      capture_latitude: '43.362911',
      capture_longitude: '-8.401543',
      capture_accuracy: '12.5',
      capture_sha256: sha(photo),
      sha256: sha(photo),
      altered: false,
      created_by: f.staffId,
    });
    const arrived = Date.parse(String(sent.body.created_at));
    expect(arrived).toBeGreaterThanOrEqual(before - 1000);
    expect(arrived).toBeLessThanOrEqual(Date.now() + 1000);
    // Read back as any client reads it.
    const read = await f.api('GET', `/api/attachment/${sent.body.id}/`, { token: f.staffToken });
    expect(read.body).toMatchObject({ capture_sha256: sha(photo), altered: false, capture_accuracy: '12.5' });
  });

  it('flags bytes that are not those captured', async () => {
    const sent = await post({ captured_at: '2026-11-20T09:20:00Z', capture_sha256: 'ab'.repeat(32) });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ sha256: sha(photo), capture_sha256: 'ab'.repeat(32), altered: true });
  });

  it('takes a file without provenance (an ERP): nulls, not flagged', async () => {
    const sent = await post({});
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      captured_at: null,
      capture_sha256: null,
      capture_latitude: null,
      altered: false,
    });
  });

  it('refuses bad provenance naming the field, in English and Spanish, and stores nothing', async () => {
    const stored = await count();
    const bad = await post({
      captured_at: 'yesterday',
      capture_latitude: '91',
      capture_longitude: '-180.5',
      capture_accuracy: '-1',
      capture_sha256: 'not-a-hash',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual([
      'capture_accuracy',
      'capture_latitude',
      'capture_longitude',
      'capture_sha256',
      'captured_at',
    ]);
    expect(bad.body.capture_latitude).toEqual(['Ensure this value is less than or equal to 90.']);
    expect(bad.body.capture_sha256).toEqual(['A SHA-256 in hex (64 characters).']);
    const spanish = await post(
      { capture_sha256: 'xyz', capture_latitude: '-95' },
      { 'accept-language': 'es' },
    );
    expect(spanish.status).toBe(400);
    expect(spanish.body.capture_sha256).toEqual(['Un SHA-256 en hexadecimal (64 caracteres).']);
    expect(String(spanish.body.capture_latitude)).toMatch(/-90/);
    expect(String(spanish.body.capture_latitude)).not.toMatch(/Ensure/);
    expect(await count()).toBe(stored);
  });
});
