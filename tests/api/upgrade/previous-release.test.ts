// Upgrades (issue 17): the current server started on the data of the previous release (3c85a05) migrates
// it and serves it (the call, its packing list, the signed SOF, the photo's and the signature's bytes,
// to the token a tablet signed in with before). A migration that fails keeps none of the pending ones:
// the data stays as that release left it, and the server stops saying which migration failed and why.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownMigrations } from '../../../server/backup/manifest.js';
import { openDatabase } from '../../../server/db/database.js';
import { MigrationError, migrationsDir } from '../../../server/db/migrate.js';
import { currentMigrationName } from '../../../server/db/renamed-migrations.js';
import { createTestDatabase } from '../../../server/testing.js';
import { APP_OUTDATED, DATA_VERSION_HEADER } from '../../../src/domain/data-version.js';
import { uuidv7 } from '../../../src/domain/ids.js';
import { download } from '../../fixtures/multipart.js';
import { contents, startOn } from '../backup/rig.js';
import { apiClient } from '../http.js';
import { RELEASE, RELEASE_MIGRATIONS, type ReleaseData, releaseDatabase } from './release.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const adminUrl = process.env.DATABASE_URL;
let root: string;
let old: ReleaseData;
let drop = async () => {};

async function withDatabase<T>(run: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) {
  const database = await openDatabase({ dataDir: old.dataDir, databaseUrl: old.databaseUrl, poolSize: 2 });
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

/** Every row, the applied migrations and every column of every table. */
const state = () =>
  withDatabase(async (database) => ({
    rows: await contents(database),
    columns: (
      await sql<{ c: string }>`select table_name || '.' || column_name as c from information_schema.columns
        where table_schema = 'public' order by 1`.execute(database.db)
    ).rows.map((row) => row.c),
  }));

/** `node server/start.ts` on the old data, as an operator starts it: its output and exit code. */
function startProduct(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: old.dataDir,
      DATABASE_URL: old.databaseUrl ?? '',
      STATIC_DIR: join(root, 'dist'),
      STORAGE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kt-upgrade-'));
  await mkdir(join(root, 'dist'));
  await writeFile(join(root, 'dist', 'index.html'), '<!doctype html><title>Karbontrack</title>');
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const created = await createTestDatabase(adminUrl);
    databaseUrl = created.url;
    drop = created.drop;
  }
  old = await releaseDatabase({ dataDir: join(root, 'data'), databaseUrl });
});

afterAll(async () => {
  await drop();
  await rm(root, { recursive: true, force: true });
});

describe(`upgrade from the previous release ${RELEASE} (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("keeps the release's migrations as they were released (a database of it applies only the new ones)", async () => {
    for (const [name, hash] of Object.entries(RELEASE_MIGRATIONS)) {
      const text = await readFile(join(migrationsDir, currentMigrationName(name)));
      expect(createHash('sha256').update(text).digest('hex'), name).toBe(hash);
    }
    const released = Object.keys(RELEASE_MIGRATIONS).map(currentMigrationName);
    expect(knownMigrations().filter((name) => released.includes(name))).toHaveLength(
      Object.keys(RELEASE_MIGRATIONS).length,
    );
  });

  it('a migration that fails keeps none: the data stays as it was and the server says which and why', async () => {
    // A column an operator once added by hand, which a later migration adds too.
    await withDatabase((database) => database.exec('ALTER TABLE vessel ADD COLUMN call_sign text'));
    const before = await state();

    const started = await startProduct();
    expect(started.code).toBe(1);
    expect(started.output).toContain('migration 0020_reference_languages.sql failed');
    expect(started.output).toMatch(/column "call_sign" of relation "vessel" already exists/);
    expect(started.output).toContain('Nothing was changed');
    expect(started.output).not.toMatch(/\n\s+at /);
    // Neither the migration that failed nor those before it (0010, 0015) were kept.
    expect(await state()).toEqual(before);
    expect(before.rows.schema_migrations?.map((row) => JSON.parse(row).name).sort()).toEqual(
      Object.keys(RELEASE_MIGRATIONS).sort(),
    );
    expect(before.columns).not.toContain('audit_log.order_at');

    await expect(startOn(old)).rejects.toBeInstanceOf(MigrationError);
    expect(await state()).toEqual(before);
    await withDatabase((database) => database.exec('ALTER TABLE vessel DROP COLUMN call_sign'));
  }, 240_000);

  it('the current server migrates the data and serves it, with its files, to the tablets signed in before', async () => {
    const server = await startOn(old);
    try {
      const api = apiClient(server.url);
      const applied = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(
        server.database.db,
      );
      expect(applied.rows.map((row) => row.name)).toEqual(knownMigrations());

      const project = await api('GET', `/api/project/${old.project}/`, { token: old.token });
      expect(project.status).toBe(200);
      expect(project.body).toMatchObject({
        name: 'Mar de Alborán V-114',
        code: 'VLC-114',
        remarks: 'Discharge at berth 3',
      });
      const list = await api<{ results: Record<string, unknown>[] }>(
        'GET',
        `/api/packing-list/?project=${old.project}&ordering=reference`,
        { token: old.token },
      );
      expect(list.status).toBe(200);
      expect(list.body.results.map((row) => [row.reference, Number(row.quantity), row.label_color])).toEqual([
        ['PL-0001', 12, ['red', 'blue']],
        ['PL-0002', 7.5, ['red', 'blue']],
      ]);
      const sof = await api('GET', `/api/sof-report/${old.sof}/`, { token: old.token });
      expect(sof.body).toMatchObject({ berthing_wharf: 'Berth 3', remarks: 'Signed by the master' });
      // Data a migration added: the Spanish name of a country the release seeded in English.
      const spain = await sql<{
        name_es: string | null;
      }>`select name_es from country where code = 'ES'`.execute(server.database.db);
      expect(spain.rows[0]?.name_es).toBe('España');

      for (const [id, bytes] of old.files) {
        const got = await download(`${server.url}/api/attachments/${id}/download/`, old.token);
        expect(got.status).toBe(200);
        expect(Buffer.compare(got.bytes, bytes)).toBe(0);
      }
      const photos = await api<{ results: { name: string }[] }>(
        'GET',
        `/api/project/${old.project}/attachments/?is_image=true`,
        { token: old.token },
      );
      expect(photos.body.results.map((row) => row.name)).toEqual(['hatch-2.png']);
      const signature = await api<{ results: { name: string }[] }>(
        'GET',
        `/api/sof-report/${old.sof}/attachments/`,
        { token: old.token },
      );
      expect(signature.body.results.map((row) => row.name)).toEqual(['signature-master.png']);
      // The user's password from that release still signs in.
      const login = await api('POST', '/api/get-token/', {
        body: { username: 'marta', password: old.password },
      });
      expect(login.status).toBe(200);
    } finally {
      await server.close();
    }
  }, 240_000);

  it("a tablet's outbox queued offline before the upgrade: refused untouched while its app is outdated, applied once after", async () => {
    const server = await startOn(old);
    try {
      const api = apiClient(server.url);
      const commodity = await sql<{ id: string }>`select id from commodity where code = 'coil'`.execute(
        server.database.db,
      );
      const project = await api<{ version: number }>('GET', `/api/project/${old.project}/`, {
        token: old.token,
      });
      // What the release's app queued on the deck: a coil added to the packing list and the call's remarks
      // edited, in the release's wire format (no sent_at, no data version: that release sent neither).
      const coil = uuidv7();
      const client_id = uuidv7();
      const batch = {
        client_id,
        device_name: 'Deck tablet 3',
        app_version: RELEASE,
        pending: 2,
        mutations: [
          {
            mutation_id: uuidv7(),
            seq: 1,
            resource: 'packing-list',
            op: 'create',
            id: coil,
            data: {
              project: old.project,
              reference: 'PL-0003',
              commodity: commodity.rows[0]?.id,
              quantity: '4',
              net_weight: '24.5',
            },
            occurred_at: '2026-11-21T09:15:00+01:00',
          },
          {
            mutation_id: uuidv7(),
            seq: 2,
            resource: 'project',
            op: 'update',
            id: old.project,
            data: { remarks: 'Discharge at berth 4' },
            base_version: project.body.version,
            occurred_at: '2026-11-21T09:16:00+01:00',
          },
        ],
      };
      // The tablet reloaded onto an app of another data version than the server's: nothing is done.
      const outdated = await api('POST', '/api/sync/push/', {
        token: old.token,
        body: batch,
        headers: { [DATA_VERSION_HEADER]: 'previous-release' },
      });
      expect(outdated.status).toBe(409);
      expect(outdated.body).toMatchObject({ code: APP_OUTDATED });
      expect((await api('GET', `/api/packing-list/${coil}/`, { token: old.token })).status).toBe(404);

      // The same outbox as the release's app sends it, then once more (a retry after a lost answer).
      type Answer = { results: { mutation_id: string; status: string }[] };
      const sent = await api<Answer>('POST', '/api/sync/push/', { token: old.token, body: batch });
      expect(sent.status).toBe(200);
      expect(sent.body.results.map((result) => result.status)).toEqual(['applied', 'applied']);
      const again = await api<Answer>('POST', '/api/sync/push/', { token: old.token, body: batch });
      expect(again.body.results.map((result) => result.status)).toEqual(['duplicate', 'duplicate']);

      const added = await api('GET', `/api/packing-list/${coil}/`, { token: old.token });
      expect(added.body).toMatchObject({ reference: 'PL-0003', project: { id: old.project } });
      expect(Number(added.body.quantity)).toBe(4);
      const edited = await api('GET', `/api/project/${old.project}/`, { token: old.token });
      expect(edited.body).toMatchObject({ remarks: 'Discharge at berth 4', name: 'Mar de Alborán V-114' });
      const coils = await sql<{ n: number }>`select count(*)::int as n from packing_list
        where project = ${old.project} and reference = 'PL-0003'`.execute(server.database.db);
      expect(coils.rows[0]?.n).toBe(1);
    } finally {
      await server.close();
    }
  }, 240_000);
});
