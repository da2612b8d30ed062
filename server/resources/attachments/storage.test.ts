import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../tests/api/fixtures.js';
import { apiClient } from '../../../tests/api/http.js';
import { jpeg } from '../../../tests/fixtures/files.js';
import { download, upload } from '../../../tests/fixtures/multipart.js';
import { type S3Server, startS3Server } from '../../../tests/fixtures/s3-server.js';
import type { StorageConfig } from '../../config.js';
import { openFileStore } from '../../files/store.js';
import { startTestServer, testStorage } from '../../testing.js';

const folders: string[] = [];
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** The stored files' names, read through the store as the server configured it. */
async function storedNames(dataDir: string, storage: StorageConfig): Promise<string[]> {
  const store = await openFileStore({ dataDir, storage });
  try {
    const names: string[] = [];
    for await (const item of store.list()) names.push(item.key.split('/').pop() ?? '');
    return names.sort();
  } finally {
    await store.close();
  }
}

// The files outlive the process: under DATA_DIR/files, or in the bucket. Run over embedded PGlite only:
// with DATABASE_URL every test server gets a fresh database, so a restart would not find its rows
// (the files code is the same for both engines).
describe.skipIf(Boolean(process.env.DATABASE_URL)).each([
  ['under DATA_DIR/files', () => ({ kind: 'disk' }) as StorageConfig],
  ['in an S3-compatible bucket', () => testStorage(s3.storageUrl)],
])('files %s', (_where, storageOf) => {
  it('are kept across restarts, and those of a deleted project go', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kt-files-test-'));
    folders.push(dataDir);
    const storage = storageOf();
    const photo = await jpeg(200, 150);
    let server = await startTestServer({ dataDir, storage });
    const f = await fixtures(server);
    const project = (await f.create('project')).id;
    const made = await upload(`${server.url}/api/project/${project}/attachments/`, {
      token: f.staffToken,
      fields: { is_image: 'true' },
      file: { name: 'deck.jpg', bytes: photo },
    });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    expect(await storedNames(dataDir, storage)).toEqual([id, `${id}.thumb.webp`]);
    await server.close();

    server = await startTestServer({ dataDir, storage });
    const again = await download(`${server.url}/api/attachments/${id}/download/`, f.staffToken);
    expect(again.status).toBe(200);
    expect(again.bytes.equals(photo)).toBe(true);
    // Deleting the project tombstones its attachments (engine cascade): nobody reads them any more, but
    // their bytes stay DELETED_FILES_KEEP_HOURS (24) for a backup under way, then the purge takes them.
    const api = apiClient(server.url);
    expect((await api('DELETE', `/api/project/${project}/`, { token: f.adminToken })).status).toBe(204);
    const dropped = await api('GET', `/api/attachments/${id}/download/`, { token: f.staffToken });
    expect(dropped.status).toBe(404);
    expect(await storedNames(dataDir, storage)).toEqual([id, `${id}.thumb.webp`]);
    await server.query(`update attachment set deleted_at = now() - interval '25 hours' where id = $1`, [id]);
    await server.close();

    server = await startTestServer({ dataDir, storage });
    // The purge runs in the background once the server is ready.
    await expect.poll(() => storedNames(dataDir, storage), { timeout: 10_000 }).toEqual([]);
    await server.close();
  }, 60_000);
});
