// Scheduled backups (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP): every process looks every few
// minutes whether one is due; the time of the last one is kept in the database (app_meta), and the
// work runs under an advisory lock (runExclusive), so of several processes on one PostgreSQL only one
// makes each backup, wherever it runs. Archives are named by their time; past the newest BACKUP_KEEP
// the older ones are removed.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { runExclusive } from '../db/exclusive.js';
import type { FileStore } from '../files/store.js';
import type { BackupSchedule } from '../ops-config.js';
import { backupToFile } from './file.js';
import { backupSource } from './source.js';

/** Advisory lock key (beside migrations' 727274, the seq's 727275, the purge's 727276). */
const BACKUP_LOCK = 727277;
const LOOK_EVERY_MS = 10 * 60 * 1000;
const FIRST_LOOK_MS = 60 * 1000;
const NAME = /^karbontrack-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.zip$/;

const archiveName = (at: Date) => `karbontrack-${at.toISOString().replace(/[:.]/g, '-')}.zip`;

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

async function lastBackupAt(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', 'last_backup')
    .executeTakeFirst();
  const at = (row?.value as { at?: string } | undefined)?.at;
  return at ? Date.parse(at) : 0;
}

async function prune(dir: string, keep: number) {
  const names = (await readdir(dir)).filter((name) => NAME.test(name)).sort();
  for (const name of names.slice(0, Math.max(0, names.length - keep)))
    await rm(join(dir, name), { force: true });
}

export interface BackupScheduler {
  /** One look now: makes a backup if one is due and no other process is making it. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function scheduleBackups(
  schedule: BackupSchedule,
  config: Config,
  database: Database,
  store: () => Promise<FileStore>,
  log: Logger,
): BackupScheduler {
  const everyMs = schedule.everyHours * 60 * 60 * 1000;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const work = async () => {
    if (stopped) return;
    await runExclusive(database, BACKUP_LOCK, async () => {
      // Read under the lock: a process that waited sees the backup the other one just made.
      if (Date.now() - (await lastBackupAt(database)) < everyMs) return;
      const at = new Date();
      const made = await backupToFile(
        backupSource(config, database, await store()),
        join(schedule.dir, archiveName(at)),
      );
      const value = JSON.stringify({ at: at.toISOString(), file: made.file, bytes: made.bytes });
      await sql`insert into app_meta (key, value) values ('last_backup', ${value}::jsonb)
        on conflict (key) do update set value = excluded.value, updated_at = now()`.execute(database.db);
      await prune(schedule.dir, schedule.keep);
      log.info({ file: made.file, bytes: made.bytes, files: made.manifest.files.length }, 'backup made');
    });
  };
  const tick = () => {
    running = running
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, 'scheduled backup failed'));
    return running;
  };
  const first = setTimeout(tick, Math.min(everyMs, FIRST_LOOK_MS));
  const timer = setInterval(tick, Math.min(everyMs, LOOK_EVERY_MS));
  first.unref();
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
