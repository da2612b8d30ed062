// `npm run backup -- <file.zip>`: one archive of the database and the files (see README, Backups).
// PostgreSQL: pg_dump and the file store, read from here. The embedded database: from the running
// server when there is one (it alone may open DATA_DIR), else opened here.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readLocalAccess } from '../backup/access.js';
import { fetchBackup } from '../backup/fetch.js';
import { backupToFile } from '../backup/file.js';
import { BackupError } from '../backup/manifest.js';
import { openBackup } from '../backup/read.js';
import { backupSource } from '../backup/source.js';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { DatabaseBusyError } from '../db/lock.js';
import { openFileStore } from '../files/store.js';

const USAGE = `Usage: npm run backup -- <file.zip>

Writes one archive of the database (DATABASE_URL, or the embedded one in DATA_DIR)
and every stored file (DATA_DIR/files or the STORAGE_URL bucket), with a manifest
of their SHA-256 hashes and the applied migrations, while the server runs.
Restore it with npm run restore -- <file.zip>.

Exit codes: 0 written and checked, 1 failed (the reason is printed).`;

async function backupHere(config: Config, file: string) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    timeouts: config.databaseTimeouts,
  });
  const store = await openFileStore(config);
  try {
    await backupToFile(backupSource(config, database, store), file);
  } finally {
    await store.close();
    await database.close();
  }
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) return console.log(USAGE);
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new BackupError(USAGE);
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pgdata', 'PG_VERSION')))
    throw new BackupError(
      `There is no database in ${resolve(config.dataDir)} (DATA_DIR): nothing to back up.`,
    );
  try {
    await backupHere(config, file);
  } catch (error) {
    if (!(error instanceof DatabaseBusyError)) throw error;
    const access = readLocalAccess(config.dataDir);
    if (!access)
      throw new BackupError(
        `${error.message}\nIt has not published its backup address yet: try again in a moment.`,
      );
    console.log(`A server runs on ${resolve(config.dataDir)}: it writes the backup.`);
    await fetchBackup(access, file);
  }
  // Read back whole: every entry against the manifest, as a restore will.
  const written = await openBackup(file);
  written.close();
  const { manifest } = written;
  console.log(
    `Backup written to ${resolve(file)} and checked: the ${manifest.engine === 'pglite' ? 'embedded' : 'PostgreSQL'} ` +
      `database (${manifest.migrations.length} migrations) and ${manifest.files.length} file(s).`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known =
    error instanceof BackupError || error instanceof ConfigError || error instanceof DatabaseBusyError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
});
