// `npm run restore -- <file.zip> [--force]`: an archive of `npm run backup` back into an empty DATA_DIR
// or PostgreSQL database and the file store (see README, Backups).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from '../backup/manifest.js';
import { restoreBackup } from '../backup/restore.js';
import { ConfigError, loadConfig } from '../config.js';
import { DatabaseBusyError } from '../db/lock.js';

const USAGE = `Usage: npm run restore -- <file.zip> [--force]

Restores an archive made by npm run backup: the database into DATA_DIR (embedded)
or into the database of DATABASE_URL, the files into DATA_DIR/files or the
STORAGE_URL bucket. The whole archive is checked first; a damaged or foreign file
changes nothing. The target must be empty, unless --force: then what is there is
replaced. Stop the server first. A server of a later release started on the
restored data migrates it.

Options:
  --force     replace a database and files that are there
  -h, --help  this text

Exit codes: 0 restored, 1 refused or failed (the reason is printed), 2 a server
runs on DATA_DIR.`;

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new BackupError(USAGE);
  const config = loadConfig();
  const manifest = await restoreBackup(resolve(file), config, { replace: values.force, log: console.log });
  console.log(
    `Restored ${resolve(file)} (made ${manifest.created_at} by release ${manifest.app_version}). Start the server.`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof DatabaseBusyError) {
    console.error(`${error.message}\nStop the server before restoring.`);
    process.exitCode = 2;
    return;
  }
  const known = error instanceof BackupError || error instanceof ConfigError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
});
