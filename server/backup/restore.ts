// Restores a backup archive into an empty DATA_DIR (embedded database) or an empty PostgreSQL database,
// and its files into the configured file store. The archive is checked whole first (read.ts); a target
// holding data is refused unless `replace` (--force). The database is put in place whole or not at all
// (the embedded one is written aside and renamed; PostgreSQL's in one transaction); on a failure the
// files written so far are removed again.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import { lockDataDir } from '../db/lock.js';
import { type FileStore, openFileStore } from '../files/store.js';
import { BackupError, FILES_PREFIX, type Manifest, PGDATA_PREFIX, POSTGRES_DUMP } from './manifest.js';
import { postgresIsEmpty, restorePostgres } from './postgres-restore.js';
import { openBackup } from './read.js';

export type RestoreConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'storage' | 'postgresBinDir'>;

export interface RestoreOptions {
  /** Replace a database and files that are there (--force). */
  replace?: boolean;
  log?: (message: string) => void;
}

async function storeIsEmpty(store: FileStore): Promise<boolean> {
  for await (const _ of store.list()) return false;
  return true;
}

async function removeAll(store: FileStore) {
  const keys: string[] = [];
  for await (const item of store.list()) keys.push(item.key);
  await store.remove(keys);
}

function checkEngine(manifest: Manifest, config: RestoreConfig) {
  if (manifest.engine === 'pglite' && config.databaseUrl)
    throw new BackupError(
      'This archive holds an embedded database (PGlite): restore it with DATABASE_URL unset, into DATA_DIR. Nothing was changed.',
    );
  if (manifest.engine === 'postgres' && !config.databaseUrl)
    throw new BackupError(
      'This archive holds a PostgreSQL database: restore it with DATABASE_URL set to an empty database. Nothing was changed.',
    );
}

export async function restoreBackup(file: string, config: RestoreConfig, options: RestoreOptions = {}) {
  const log = options.log ?? (() => {});
  const backup = await openBackup(file);
  const { manifest } = backup;
  backup.close();
  checkEngine(manifest, config);
  // The embedded database's folder is locked for the whole restore: no server may start on it meanwhile.
  const unlock = config.databaseUrl ? () => {} : await lockDataDir(config.dataDir);
  const pgdata = join(config.dataDir, 'pgdata');
  const store = await openFileStore(config);
  const scratch = await mkdtemp(join(tmpdir(), 'karbontrack-restore-'));
  const written: string[] = [];
  const incoming = `${pgdata}.restoring`;
  try {
    const databaseEmpty = config.databaseUrl
      ? await postgresIsEmpty(config.databaseUrl)
      : !existsSync(join(pgdata, 'PG_VERSION'));
    const filesEmpty = await storeIsEmpty(store);
    if ((!databaseEmpty || !filesEmpty) && !options.replace) {
      const where = [
        databaseEmpty
          ? ''
          : config.databaseUrl
            ? 'the database of DATABASE_URL'
            : `the database in ${resolve(pgdata)}`,
        filesEmpty ? '' : `the files in ${store.location}`,
      ].filter(Boolean);
      throw new BackupError(
        `Not restored: ${where.join(' and ')} ${where.length > 1 ? 'hold' : 'holds'} data already. ` +
          'Restore into an empty DATA_DIR or database, or add --force to replace what is there. Nothing was changed.',
      );
    }
    if (!config.databaseUrl) await rm(incoming, { recursive: true, force: true });
    if (options.replace && !filesEmpty) await removeAll(store);
    log(
      `Restoring the ${manifest.engine === 'pglite' ? 'embedded database' : 'PostgreSQL database'} of ${manifest.created_at}…`,
    );
    for (const folder of manifest.database_folders)
      await mkdir(join(incoming, folder), { recursive: true, mode: 0o700 });
    await backup.entries(async (name: string, body: Readable) => {
      if (name.startsWith(PGDATA_PREFIX)) {
        const target = join(incoming, name.slice(PGDATA_PREFIX.length));
        await mkdir(dirname(target), { recursive: true });
        await pipeline(body, createWriteStream(target, { mode: 0o600 }));
      } else if (name === POSTGRES_DUMP && config.databaseUrl) {
        const dump = join(scratch, 'postgres.dump');
        await pipeline(body, createWriteStream(dump));
        await restorePostgres(dump, scratch, {
          databaseUrl: config.databaseUrl,
          binDir: config.postgresBinDir,
          replace: !databaseEmpty,
        });
        await rm(dump, { force: true });
      } else if (name.startsWith(FILES_PREFIX)) {
        const key = name.slice(FILES_PREFIX.length);
        written.push(key);
        await store.write(key, body);
      } else body.resume();
    });
    if (!config.databaseUrl) {
      const old = `${pgdata}.replaced`;
      await rm(old, { recursive: true, force: true });
      if (existsSync(pgdata)) await rename(pgdata, old);
      await rename(incoming, pgdata);
      await rm(old, { recursive: true, force: true });
    }
    log(
      `Restored ${manifest.files.length} file(s) and the database (${manifest.migrations.length} migration(s) applied when it was saved).`,
    );
    return manifest;
  } catch (error) {
    if (written.length > 0 && !options.replace) await store.remove(written).catch(() => {});
    throw error;
  } finally {
    await rm(incoming, { recursive: true, force: true }).catch(() => {});
    await rm(scratch, { recursive: true, force: true });
    await store.close();
    unlock();
  }
}
