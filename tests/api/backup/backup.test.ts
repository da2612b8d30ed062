// Backups for real (issue 17): `npm run backup` while the server takes REST writes, sync pushes and
// uploads, then `npm run restore` into an empty DATA_DIR (PGlite) or database (with DATABASE_URL:
// PostgreSQL); the restored data is one moment of the original (every change up to it, byte for byte,
// nothing after, every file of every record); a backup taken quiet restores every row of every table,
// every sequence and every file byte-identical, and a server started on it serves them. Restore refuses
// a target holding data without --force, and a damaged or foreign archive, changing nothing.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import { createTestDatabase, startTestServer, type TestServer } from '../../../server/testing.js';
import { pdf, png } from '../../fixtures/files.js';
import { download, upload } from '../../fixtures/multipart.js';
import { createMutation } from '../../fixtures/mutations.js';
import { type Fixtures, fixtures } from '../fixtures.js';
import { apiClient } from '../http.js';
import { cli, contents, startOn, storedFiles } from './rig.js';

const adminUrl = process.env.DATABASE_URL;
let root: string;
let server: TestServer;
let f: Fixtures;
let project: string;
/** A signed statement of facts: its signature record, and a scan of the signed paper attached. */
let sof: string;
const drops: Array<() => Promise<void>> = [];

/** An empty place to restore into: a folder, plus a new database on PostgreSQL. */
async function target(
  name: string,
): Promise<{ dataDir: string; databaseUrl?: string; env: Record<string, string> }> {
  const dataDir = join(root, name);
  if (!adminUrl) return { dataDir, env: { DATA_DIR: dataDir } };
  const created = await createTestDatabase(adminUrl);
  drops.push(created.drop);
  return { dataDir, databaseUrl: created.url, env: { DATA_DIR: dataDir, DATABASE_URL: created.url } };
}

/** A signature as the pad gives it: a PNG data URL. */
const signaturePad = async () => `data:image/png;base64,${(await png(300, 100)).toString('base64')}`;

/** A ZIP of something else (a folder of documents someone zipped). */
async function foreignZip(): Promise<Buffer> {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({});
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  archive.append(pdf(), { name: 'contract.pdf' });
  archive.append('notes', { name: 'files/ab/notes.txt' });
  await archive.finalize();
  return Buffer.concat(chunks);
}

const sourceEnv = () => ({ DATA_DIR: server.config.dataDir, DATABASE_URL: server.config.databaseUrl ?? '' });

async function readDatabase(where: { dataDir: string; databaseUrl?: string }) {
  const database = await openDatabase({
    dataDir: where.dataDir,
    databaseUrl: where.databaseUrl,
    poolSize: 2,
  });
  try {
    return await contents(database);
  } finally {
    await database.close();
  }
}

/** Writes of every kind until stopped: records over REST, sync pushes, uploads, edits, a deletion. */
function writeLoop() {
  let stop = false;
  const acknowledged: string[] = [];
  let seq = 0;
  const clientId = randomUUID();
  const loop = (async () => {
    for (let round = 0; !stop; round++) {
      const item = await f.create('packing-list', {}, { project });
      acknowledged.push(item.id);
      const pushed = createMutation('accounts', { trade_name: `Pushed ${round}` }, ++seq);
      const push = await f.api<{ results: { status: string }[] }>('POST', '/api/sync/push/', {
        token: f.adminToken,
        body: { client_id: clientId, mutations: [pushed] },
      });
      expect(push.body.results[0]?.status).toBe('applied');
      acknowledged.push(pushed.id);
      const sent = await upload(`${server.url}/api/project/${project}/attachments/`, {
        token: f.adminToken,
        file: { name: `photo-${round}.png`, bytes: await png(32 + round, 32), type: 'image/png' },
      });
      expect(sent.status).toBe(201);
      acknowledged.push(String(sent.body.id));
      const patched = await f.api('PATCH', `/api/project/${project}/`, {
        token: f.adminToken,
        body: { name: `Backed up while writing ${round}` },
      });
      expect(patched.status).toBe(200);
      if (round % 3 === 2) {
        const gone = await f.api('DELETE', `/api/attachments/${sent.body.id}/`, { token: f.adminToken });
        expect(gone.status).toBe(204);
      }
    }
  })();
  return {
    acknowledged,
    async stop() {
      stop = true;
      await loop;
    },
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kt-backup-'));
  // A real DATA_DIR: the files (and the embedded database) where the CLI finds them.
  // Files on disk (the CLI runs with STORAGE_URL unset), also where CI runs the suite on a bucket.
  server = await startTestServer({ dataDir: join(root, 'source'), storage: { kind: 'disk' } });
  f = await fixtures(server);
  project = (await f.create('project')).id;
  for (let i = 0; i < 3; i++) {
    const sent = await upload(`${server.url}/api/project/${project}/attachments/`, {
      token: f.adminToken,
      file: { name: `contract-${i}.pdf`, bytes: pdf(), type: 'application/pdf' },
    });
    expect(sent.status).toBe(201);
  }
  const photo = await upload(`${server.url}/api/project/${project}/attachments/`, {
    token: f.adminToken,
    fields: { is_image: 'true', zone: 'onboard', description: 'Hatch 2 before discharge' },
    file: { name: 'hatch-2.png', bytes: await png(64, 48), type: 'image/png' },
  });
  expect(photo.status).toBe(201);
  sof = (await f.create('sof-report', {}, { project })).id;
  const signature = await upload(`${server.url}/api/sof-report/${sof}/attachments/`, {
    token: f.adminToken,
    fields: { description: "Master's signature" },
    file: { name: 'signature-master.png', bytes: await png(200, 60), type: 'image/png' },
  });
  expect(signature.status).toBe(201);
  // The master's signature made on the tablet's pad: a record with its image inline.
  await f.create('sof-signature', { sof_report: sof, image: await signaturePad() }, { project });
});

afterAll(async () => {
  await server?.close();
  for (const drop of drops) await drop();
  await rm(root, { recursive: true, force: true });
});

describe(`backup and restore (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('backs up while writes go on; the restored data is one moment of them, with every file', async () => {
    const writes = writeLoop();
    // Some writes land before the backup starts, more while it runs.
    while (writes.acknowledged.length < 6) await new Promise((resolve) => setTimeout(resolve, 50));
    const before = [...writes.acknowledged];
    const archive = join(root, 'during.zip');
    const made = await cli('backup', [archive], sourceEnv());
    const during = writes.acknowledged.length;
    await writes.stop();
    expect(made.output).toContain('checked');
    expect(made.code).toBe(0);
    // The loop went on while the backup was being made.
    expect(during).toBeGreaterThan(before.length);

    const into = await target('restored-during');
    const restored = await cli('restore', [archive], into.env);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);
    // The tables' rows (the sequences' values are compared by the quiet backup's test).
    const { '(sequences)': _, ...copy } = await readDatabase(into);
    const original = await contents(server.server.database);
    // Everything acknowledged before the backup began is there.
    const ids = new Set(Object.values(copy).flatMap((rows) => rows.map((row) => JSON.parse(row).id)));
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    // One moment: every synced row of the original up to the copy's last change is in it as it is,
    // and no row of the copy differs from the original unless the original changed after that moment.
    for (const [table, rows] of Object.entries(copy)) {
      const parsed = rows.map((row) => JSON.parse(row) as { id?: string; seq?: number });
      if (!parsed.every((row) => typeof row.seq === 'number' && row.id)) continue;
      const moment = Math.max(0, ...parsed.map((row) => row.seq ?? 0));
      const now = new Map((original[table] ?? []).map((row) => [JSON.parse(row).id, row]));
      const inCopy = new Map(rows.map((row) => [JSON.parse(row).id, row]));
      for (const [id, row] of now)
        if ((JSON.parse(row).seq as number) <= moment) expect(inCopy.get(id), `${table} ${id}`).toBe(row);
      for (const [id, row] of inCopy)
        if (now.get(id) !== row) expect(JSON.parse(now.get(id) ?? '{"seq":0}').seq).toBeGreaterThan(moment);
    }
    // Every live attachment of the copy has its bytes, as hashed when received.
    const files = await storedFiles(into.dataDir);
    const attachments = copy.attachment.map((row) => JSON.parse(row) as Record<string, string | null>);
    for (const row of attachments.filter((a) => !a.deleted_at))
      expect(files[`${String(row.id).slice(-2)}/${row.id}`], String(row.name)).toBe(row.sha256);
  }, 240_000);

  it('restores a quiet backup byte-identical, and a server on it serves every record and file', async () => {
    const archive = join(root, 'quiet.zip');
    expect((await cli('backup', [archive], sourceEnv())).code).toBe(0);
    const into = await target('restored-quiet');
    expect((await cli('restore', [archive], into.env)).code).toBe(0);
    const original = await contents(server.server.database);
    expect(await readDatabase(into)).toEqual(original);
    expect(await storedFiles(into.dataDir)).toEqual(await storedFiles(server.config.dataDir));

    // A fresh machine's server on the restored data: the call, its photos and the signed SOF's
    // signature, each read back over HTTP as the original serves them.
    const restored = await startOn(into);
    try {
      for (const path of [
        `/api/project/${project}/`,
        `/api/packing-list/?project=${project}&page_size=500`,
        `/api/project/${project}/attachments/?is_image=true`,
        `/api/sof-report/${sof}/`,
        `/api/sof-report/${sof}/attachments/`,
        `/api/sof-signature/?sof_report=${sof}`,
      ]) {
        const [a, b] = await Promise.all(
          [server.url, restored.url].map((url) => apiClient(url)('GET', path, { token: f.adminToken })),
        );
        expect(b.status).toBe(200);
        expect(b.body).toEqual(a.body);
        if (path.startsWith('/api/sof-signature/'))
          expect((b.body as { results: { image: string }[] }).results[0]?.image).toMatch(
            /^data:image\/png;base64,/,
          );
      }
      const live = original.attachment.map((row) => JSON.parse(row)).filter((row) => !row.deleted_at);
      expect(live.map((row) => row.name)).toEqual(
        expect.arrayContaining(['hatch-2.png', 'signature-master.png', 'contract-0.pdf']),
      );
      for (const row of live) {
        const [a, b] = await Promise.all(
          [server.url, restored.url].map((url) =>
            download(`${url}/api/attachments/${row.id}/download/`, f.adminToken),
          ),
        );
        expect(b.status).toBe(200);
        expect(Buffer.compare(b.bytes, a.bytes)).toBe(0);
      }
    } finally {
      await restored.close();
    }

    // The target now holds data: refused without --force, changing nothing; replaced with it.
    const again = await cli('restore', [archive], into.env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/hold(s)? data already.*--force.*Nothing was changed/s);
    const forced = await cli('restore', [archive, '--force'], into.env);
    expect(forced.code).toBe(0);
    expect(await readDatabase(into)).toEqual(original);
  }, 240_000);

  it.skipIf(Boolean(adminUrl))(
    "the running server's backup address answers only the token of DATA_DIR/backup-access.json",
    async () => {
      const access = JSON.parse(
        await readFile(join(server.config.dataDir, 'backup-access.json'), 'utf8'),
      ) as { url: string; token: string };
      expect((await stat(join(server.config.dataDir, 'backup-access.json'))).mode & 0o077).toBe(0);
      for (const authorization of [undefined, `Token ${f.adminToken}`, `Bearer ${f.adminToken}`, 'Bearer x'])
        expect(
          (
            await fetch(`${server.url}/api/backup/`, {
              method: 'POST',
              headers: authorization ? { authorization } : {},
            })
          ).status,
          authorization,
        ).toBe(401);
      const answer = await fetch(`${access.url}/api/backup/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access.token}` },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/zip');
      await answer.arrayBuffer();
    },
  );

  it('refuses a damaged, a cut-short or a foreign archive, and changes nothing', async () => {
    const good = await readFile(join(root, 'quiet.zip'));
    const damaged = Buffer.from(good);
    // A byte in the middle of the archive (inside some entry's data) changed.
    damaged[Math.floor(damaged.length / 2)] ^= 0xff;
    const cases: Array<[string, Buffer, RegExp]> = [
      ['damaged.zip', damaged, /damaged|not a karbontrack backup/],
      ['cut.zip', good.subarray(0, Math.floor(good.length * 0.7)), /not a karbontrack backup|damaged/],
      ['other.zip', await foreignZip(), /not a karbontrack backup \(no manifest\.json/],
      ['text.zip', Buffer.from('just some text\n'), /not a karbontrack backup/],
    ];
    for (const [name, bytes, message] of cases) {
      const file = join(root, name);
      await writeFile(file, bytes);
      const into = await target(`refused-${name}`);
      const run = await cli('restore', [file], into.env);
      expect(run.code, name).toBe(1);
      expect(run.output, name).toMatch(message);
      expect(run.output, name).toMatch(/nothing was changed/i);
      // Nothing there: no database, no files.
      expect(await storedFiles(into.dataDir), name).toEqual({});
      if (into.databaseUrl) {
        const database = await openDatabase({ databaseUrl: into.databaseUrl, poolSize: 2 });
        const tables = await contents(database);
        await database.close();
        expect(
          Object.keys(tables).filter((key) => key !== '(sequences)'),
          name,
        ).toEqual([]);
      } else await expect(readFile(join(into.dataDir, 'pgdata', 'PG_VERSION')), name).rejects.toThrow();
    }
  }, 240_000);
});
