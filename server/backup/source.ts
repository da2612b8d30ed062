import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { FileStore } from '../files/store.js';
import type { BackupSource } from './write.js';

/** The release's version, as package.json says (kept in each archive's manifest). */
const APP_VERSION = (
  JSON.parse(
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json'), 'utf8'),
  ) as { version: string }
).version;

/** What a backup reads, for this configuration. */
export function backupSource(config: Config, database: Database, store: FileStore): BackupSource {
  return {
    database,
    store,
    // Beside the data (room for a copy of the embedded database, on its own disk); tests: /tmp.
    scratchDir: config.dataDir === 'memory' ? tmpdir() : join(config.dataDir, 'backup-tmp'),
    databaseUrl: config.databaseUrl,
    postgresBinDir: config.postgresBinDir,
    appVersion: APP_VERSION,
  };
}
