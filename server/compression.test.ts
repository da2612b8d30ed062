// Compression of API answers: small bodies as they are; a list page compressed in one call (with its
// length); a large body (a sync page) streamed compressed. Each decompresses to the plain answer.
import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, fixtures } from '../tests/api/fixtures.js';
import { startTestServer, type TestServer } from './testing.js';

let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
});
afterAll(() => server?.close());

function get(path: string, encoding?: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const headers: Record<string, string> = { authorization: `Token ${f.adminToken}` };
      if (encoding) headers['accept-encoding'] = encoding;
      request(`${server.url}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('compression', () => {
  it('leaves small answers plain, compresses a list page at once and streams a large answer', async () => {
    const project = await f.create('project');
    for (let n = 0; n < 12; n++) await f.create('packing-list', {}, { project: project.id });

    const small = await get(`/api/packing-list/?project=${project.id}&page_size=1`, 'br');
    expect(small.headers['content-encoding']).toBeUndefined();

    const path = `/api/packing-list/?project=${project.id}`;
    const plain = await get(path);
    const page = await get(path, 'br, gzip');
    expect(page.headers['content-encoding']).toBe('br');
    expect(Number(page.headers['content-length'])).toBe(page.body.length);
    expect(page.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(page.body).toString())).toEqual(JSON.parse(plain.body.toString()));

    for (let n = 0; n < 120; n++) await f.create('packing-list', {}, { project: project.id });
    const pull = `/api/sync/pull/?scope=project:${project.id}&limit=5000&client_id=${crypto.randomUUID()}`;
    const large = await get(pull, 'br');
    expect(large.headers['content-encoding']).toBe('br');
    const unpacked = brotliDecompressSync(large.body);
    expect(unpacked.length).toBeGreaterThan(64 * 1024);
    expect(large.headers['content-length']).toBeUndefined();
    expect(JSON.parse(unpacked.toString()).changes.length).toBeGreaterThan(130);
  });
});
