// Scheduled backups (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP): the running server writes an archive
// when one is due (the last one's time kept in the database, so a restart does not reset it), keeps the
// newest BACKUP_KEEP, and the newest restores into an empty place with the records and files of then.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import { createTestDatabase, startTestServer, type TestServer } from '../../../server/testing.js';
import { png } from '../../fixtures/files.js';
import { upload } from '../../fixtures/multipart.js';
import { type Fixtures, fixtures } from '../fixtures.js';
import { cli, contents, storedFiles } from './rig.js';

const adminUrl = process.env.DATABASE_URL;
const EVERY_HOURS = 6;
let root: string;
let backups: string;
let server: TestServer;
let f: Fixtures;
const drops: Array<() => Promise<void>> = [];

const archives = async () => (await readdir(backups)).filter((name) => name.endsWith('.zip')).sort();
/** As if the last backup had been made `hours` ago (the server reads its time from the database). */
async function lastBackupAgo(hours: number) {
  await sql`update app_meta set value = jsonb_set(value, '{at}', to_jsonb(${new Date(
    Date.now() - hours * 3_600_000,
  ).toISOString()}::text)) where key = 'last_backup'`.execute(server.server.database.db);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kt-scheduled-'));
  backups = join(root, 'backups');
  server = await startTestServer({
    dataDir: join(root, 'source'),
    storage: { kind: 'disk' },
    backup: { dir: backups, everyHours: EVERY_HOURS, keep: 2 },
  });
  f = await fixtures(server);
});

afterAll(async () => {
  await server?.close();
  for (const drop of drops) await drop();
  await rm(root, { recursive: true, force: true });
});

describe(`scheduled backups (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('makes one when due, not before, keeps the newest BACKUP_KEEP, and the newest restores', async () => {
    const scheduler = server.server.backups;
    if (!scheduler) throw new Error('BACKUP_DIR set: the server schedules backups');
    const project = await f.create('project');
    await scheduler.tick();
    expect(await archives()).toHaveLength(1);
    // Not due yet: a look an hour later makes none.
    await lastBackupAgo(EVERY_HOURS - 1);
    await scheduler.tick();
    expect(await archives()).toHaveLength(1);
    const last = await sql<{ value: { at: string; file: string } }>`
      select value from app_meta where key = 'last_backup'`.execute(server.server.database.db);
    expect(last.rows[0]?.value.file).toBe(join(backups, (await archives())[0] ?? ''));

    for (let round = 0; round < 2; round++) {
      await lastBackupAgo(EVERY_HOURS + 0.01);
      await upload(`${server.url}/api/project/${project.id}/attachments/`, {
        token: f.adminToken,
        fields: { is_image: 'true', zone: 'onboard' },
        file: { name: `deck-${round}.png`, bytes: await png(40 + round, 30), type: 'image/png' },
      });
      await scheduler.tick();
    }
    // Three made, the newest two kept.
    const kept = await archives();
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(last.rows[0]?.value.file.split('/').pop());
    expect(await readdir(backups)).toEqual(kept);

    const dataDir = join(root, 'restored');
    const env: Record<string, string> = { DATA_DIR: dataDir };
    let databaseUrl: string | undefined;
    if (adminUrl) {
      const created = await createTestDatabase(adminUrl);
      drops.push(created.drop);
      databaseUrl = created.url;
      env.DATABASE_URL = created.url;
    }
    const restored = await cli('restore', [join(backups, kept[1] ?? '')], env);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);
    const database = await openDatabase({ dataDir, databaseUrl, poolSize: 2 });
    try {
      // Nothing was written since the newest backup but its own record of itself and the webhook
      // worker's cursor, which follows the log on its own.
      const bookkeeping = new Set(['app_meta', '(sequences)', 'webhook_cursor']);
      const records = (all: Record<string, string[]>) =>
        Object.entries(all).filter(([table]) => !bookkeeping.has(table));
      expect(records(await contents(database))).toEqual(records(await contents(server.server.database)));
    } finally {
      await database.close();
    }
    expect(await storedFiles(dataDir)).toEqual(await storedFiles(server.config.dataDir));
    expect(Object.keys(await storedFiles(dataDir)).length).toBeGreaterThanOrEqual(2);
  }, 240_000);
});
