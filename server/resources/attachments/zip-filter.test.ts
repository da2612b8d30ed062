// "Download all" by kind: download_zip without a filter holds every attachment of the record (the spec's
// call, for ERPs); is_image=false holds the documents the documents section lists (its "download all"),
// is_image=true the gallery's photos, zone narrows photos; a bad flag is a 400 naming is_image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, fixtures } from '../../../tests/api/fixtures.js';
import { jpeg, pdf } from '../../../tests/fixtures/files.js';
import { download, upload } from '../../../tests/fixtures/multipart.js';
import { unzip } from '../../../tests/fixtures/unzip.js';
import { startTestServer, type TestServer } from '../../testing.js';

let server: TestServer;
let f: Fixtures;
let project: string;

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
  project = (await f.create('project')).id;
  const post = (fields: Record<string, string>, name: string, bytes: Buffer, type: string) =>
    upload(`${server.url}/api/project/${project}/attachments/`, {
      token: f.staffToken,
      fields,
      file: { name, bytes, type },
    });
  const photo = await jpeg(320, 240);
  for (const answer of [
    await post({ is_image: 'false' }, 'manifest.pdf', pdf(), 'application/pdf'),
    await post({ is_image: 'false' }, 'notes.txt', Buffer.from('Hold 3 wet.\n'), 'text/plain'),
    await post({ is_image: 'true', zone: 'onboard' }, 'hold-1.jpg', photo, 'image/jpeg'),
    await post({ is_image: 'true', zone: 'truck' }, 'truck-7.jpg', photo, 'image/jpeg'),
  ])
    expect(answer.status).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

async function names(query: string): Promise<string[]> {
  const got = await download(`${server.url}/api/project/${project}/download_zip/${query}`, f.staffToken);
  expect(got.status).toBe(200);
  return [...(await unzip(got.bytes)).keys()].sort();
}

describe('download_zip filters', () => {
  it('holds everything, only the documents, only the photos, or the photos of a zone', async () => {
    expect(await names('')).toEqual(['hold-1.jpg', 'manifest.pdf', 'notes.txt', 'truck-7.jpg']);
    expect(await names('?is_image=false')).toEqual(['manifest.pdf', 'notes.txt']);
    expect(await names('?is_image=true')).toEqual(['hold-1.jpg', 'truck-7.jpg']);
    expect(await names('?is_image=true&zone=truck')).toEqual(['truck-7.jpg']);
  });

  it('refuses a flag that is not true or false, naming it', async () => {
    const got = await download(
      `${server.url}/api/project/${project}/download_zip/?is_image=maybe`,
      f.staffToken,
    );
    expect(got.status).toBe(400);
    expect(JSON.parse(got.bytes.toString())).toEqual({ is_image: ['Must be true or false.'] });
  });
});
