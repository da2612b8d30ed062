// The database's part of a backup, copied into a scratch folder: the embedded database's files (a
// consistent copy made by the running process, see Database.copyDataDir), or PostgreSQL's pg_dump
// (one snapshot of its own: everything committed before it started, nothing after).
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { BackupError, PGDATA_PREFIX, POSTGRES_DUMP } from './manifest.js';
import { connection, findTool, runTool } from './postgres-tools.js';

export interface DatabasePart {
  /** Archive names and where their bytes are now. */
  entries: Array<{ name: string; path: string }>;
  /** The embedded database's folders, empty ones included (PostgreSQL will not start without them). */
  folders: string[];
  migrations: string[];
}

async function under(folder: string, kind: 'file' | 'folder'): Promise<string[]> {
  const found = await readdir(folder, { recursive: true, withFileTypes: true });
  return found
    .filter((entry) => (kind === 'file' ? entry.isFile() : entry.isDirectory()))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

export async function copyDatabase(
  database: Database,
  scratch: string,
  postgres: { databaseUrl?: string; binDir?: string },
): Promise<DatabasePart> {
  // Migrations run only at a server's start: the same before and after the copy.
  const applied = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(
    database.db,
  );
  const migrations = applied.rows.map((row) => row.name);
  if (database.engine === 'pglite') {
    if (!database.copyDataDir)
      throw new BackupError('The in-memory database (tests) has no files to back up.');
    const target = join(scratch, 'pgdata');
    await database.copyDataDir(target);
    const paths = await under(target, 'file');
    return {
      entries: paths.map((path) => ({ name: `${PGDATA_PREFIX}${relative(target, path)}`, path })),
      folders: (await under(target, 'folder')).map((path) => relative(target, path)),
      migrations,
    };
  }
  if (!postgres.databaseUrl) throw new BackupError('No DATABASE_URL to dump.');
  const path = join(scratch, 'postgres.dump');
  const { dbname, env } = connection(postgres.databaseUrl);
  await runTool(
    findTool('pg_dump', postgres.binDir),
    ['--format=custom', '--no-owner', '--no-privileges', '--file', path, '--dbname', dbname],
    env,
  ).done;
  return { entries: [{ name: POSTGRES_DUMP, path }], folders: [], migrations };
}
