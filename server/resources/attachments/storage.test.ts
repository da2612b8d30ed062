import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { fixtures } from '../../../tests/api/fixtures.js';
import { apiClient } from '../../../tests/api/http.js';
import { jpeg } from '../../../tests/fixtures/files.js';
import { download, upload } from '../../../tests/fixtures/multipart.js';
import { startTestServer } from '../../testing.js';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function filesIn(root: string): Promise<string[]> {
  const names: string[] = [];
  for (const folder of await readdir(root))
    if (folder !== 'tmp') names.push(...(await readdir(join(root, folder))));
  return names.sort();
}

// On disk: the files are under DATA_DIR/files and outlive the process. Run over embedded PGlite only:
// with DATABASE_URL every test server gets a fresh database, so a restart would not find its rows
// (the files code is the same for both engines).
it.skipIf(Boolean(process.env.DATABASE_URL))(
  'keeps files under DATA_DIR/files across restarts, and drops those of a deleted project',
  async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kt-files-test-'));
    folders.push(dataDir);
    const photo = await jpeg(200, 150);
    let server = await startTestServer({ dataDir });
    const f = await fixtures(server);
    const project = (await f.create('project')).id;
    const made = await upload(`${server.url}/api/project/${project}/attachments/`, {
      token: f.staffToken,
      fields: { is_image: 'true' },
      file: { name: 'deck.jpg', bytes: photo },
    });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    expect(await filesIn(join(dataDir, 'files'))).toEqual([id, `${id}.thumb.webp`]);
    await server.close();

    server = await startTestServer({ dataDir });
    const again = await download(`${server.url}/api/attachments/${id}/download/`, f.staffToken);
    expect(again.status).toBe(200);
    expect(again.bytes.equals(photo)).toBe(true);
    // Deleting the project tombstones its attachments (engine cascade); their files go at the next start.
    const api = apiClient(server.url);
    expect((await api('DELETE', `/api/project/${project}/`, { token: f.adminToken })).status).toBe(204);
    const dropped = await api('GET', `/api/attachments/${id}/download/`, { token: f.staffToken });
    expect(dropped.status).toBe(404);
    await server.close();

    server = await startTestServer({ dataDir });
    // The purge runs in the background once the server is ready.
    await expect.poll(() => filesIn(join(dataDir, 'files')), { timeout: 10_000 }).toEqual([]);
    await server.close();
  },
  60_000,
);
