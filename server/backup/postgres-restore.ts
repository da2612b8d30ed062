// PostgreSQL's part of a restore: the dump turned into SQL by pg_restore and run by psql in ONE
// transaction, so a failure anywhere leaves the database as it was (with --force, the old schema's
// removal is in that transaction too). Comments on extensions are left out: only an extension's
// owner (a superuser) may set them, and the database's owner restores here.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { BackupError } from './manifest.js';
import { connection, findTool, runTool } from './postgres-tools.js';

/** Whether the database holds anything of ours (or anything at all) in its public schema. */
export async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public'",
    );
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
}

export async function restorePostgres(
  dump: string,
  scratch: string,
  options: { databaseUrl: string; binDir?: string; replace: boolean },
): Promise<void> {
  const { dbname, env } = connection(options.databaseUrl);
  const pgRestore = findTool('pg_restore', options.binDir);
  const psql = findTool('psql', options.binDir);
  const listing = runTool(pgRestore, ['--list', dump], env, { stdout: true });
  let list = '';
  listing.stdout?.on('data', (chunk: Buffer) => {
    list += chunk.toString();
  });
  await listing.done;
  const listFile = join(scratch, 'restore.list');
  await writeFile(
    listFile,
    list
      .split('\n')
      .filter((line) => !/ COMMENT - EXTENSION /.test(line))
      .join('\n'),
  );
  const sqlText = runTool(
    pgRestore,
    ['--no-owner', '--no-privileges', '--use-list', listFile, '--file', '-', dump],
    env,
    {
      stdout: true,
    },
  );
  // One transaction, opened here and committed only once pg_restore has written all of it: psql reaching
  // the end of its input without a COMMIT (pg_restore failed) leaves, and PostgreSQL rolls back.
  const apply = runTool(
    psql,
    ['--no-psqlrc', '--quiet', '--set', 'ON_ERROR_STOP=1', '--dbname', dbname],
    env,
    { stdin: true },
  );
  const stdin = apply.stdin;
  const stdout = sqlText.stdout;
  if (!stdin || !stdout) throw new BackupError('pg_restore or psql could not be started');
  stdin.on('error', () => {});
  // What was there goes only if the restore commits.
  stdin.write(
    `BEGIN;\n${options.replace ? 'DROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n' : ''}`,
  );
  stdout.pipe(stdin, { end: false });
  const restored = await sqlText.done.then(
    () => null,
    (error: unknown) => error,
  );
  stdin.end(restored ? '' : 'COMMIT;\n');
  await apply.done;
  if (restored) throw restored;
}
