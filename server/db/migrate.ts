import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.js';
import { RENAMED_MIGRATIONS } from './renamed-migrations.js';
import { ensureSearchIndexes } from './search-indexes.js';

export const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727274;
const LOCK_RETRY_MS = 200;

export interface MigrateOptions {
  /** Tests of the upgrade path: apply only the migrations named before this one (a previous release). */
  before?: string;
}

/** Applies the committed SQL migrations not applied yet, each all-or-nothing, in name order. */
export async function runMigrations(
  database: Database,
  log: (message: string) => void = () => {},
  options: MigrateOptions = {},
) {
  if (database.engine === 'pglite') return applyPending(database, log, options);
  // Two servers starting at once on one PostgreSQL must not migrate twice. The lock is tried, not
  // waited for in one statement: the pool's statement limit would end a wait on a long migration.
  await database.db.connection().execute(async (connection) => {
    for (;;) {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${MIGRATION_LOCK}) as locked`.execute(connection);
      if (rows[0]?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
    try {
      await applyPending(database, log, options);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}

/**
 * A start that could not migrate: names the migration that failed and PostgreSQL's reason. None of the
 * pending migrations was kept (they run in one transaction), so the data is as it was.
 */
export class MigrationError extends Error {
  override name = 'MigrationError';
  constructor(
    readonly migration: string,
    readonly reason: string,
    readonly pending: string[],
  ) {
    super(
      `The database could not be upgraded: migration ${migration} failed: ${reason}\n` +
        `Nothing was changed: the ${pending.length} pending migration(s) (${pending[0]} to ${pending.at(-1)}) ` +
        'run in one transaction, which was rolled back, so the data is as the previous release left it. ' +
        'Fix the cause and start again, or start the previous release.',
    );
  }
}

/** Raised after a trial run of migrations, so that PostgreSQL rolls all of it back. */
const TRIAL_END = 'karbontrack: migrations tried, none kept';

function script(files: string[]): string {
  return files
    .map(
      (file) =>
        `${readFileSync(join(migrationsDir, file), 'utf8')}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');`,
    )
    .join('\n');
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { detail, hint } = error as { detail?: unknown; hint?: unknown };
  return [error.message, detail, hint].filter((part) => typeof part === 'string' && part).join(' ');
}

/**
 * After the pending migrations failed together (and nothing was kept): which one failed. The first k
 * are run again, each trial ended by an error of our own, so that none of them is ever kept.
 */
async function whichFailed(database: Database, pending: string[], error: unknown): Promise<MigrationError> {
  for (let count = 1; count <= pending.length; count++) {
    try {
      await database.exec(
        `${script(pending.slice(0, count))}\n;DO $$ BEGIN RAISE EXCEPTION '${TRIAL_END}'; END $$;`,
      );
    } catch (trial) {
      if (!(trial instanceof Error && trial.message === TRIAL_END))
        return new MigrationError(pending[count - 1] ?? '', reasonOf(trial), pending);
    }
  }
  // Failed together but not one by one (something outside them): the first error's words.
  return new MigrationError(pending.join(', '), reasonOf(error), pending);
}

async function applyPending(database: Database, log: (message: string) => void, options: MigrateOptions) {
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = await database.db.selectFrom('schema_migrations').select('name').execute();
  const recorded = new Set(applied.map((row) => row.name));
  // Names recorded before a migration was renamed (./renamed-migrations.ts) are its new name: renamed in
  // the same transaction as the pending migrations, so a failed upgrade leaves them as they were too.
  const renames = Object.entries(RENAMED_MIGRATIONS).filter(
    ([old, now]) => recorded.has(old) && !recorded.has(now),
  );
  const renaming = renames
    .map(([old, now]) => `UPDATE schema_migrations SET name = '${now}' WHERE name = '${old}';\n`)
    .join('');
  const done = new Set([...recorded].map((name) => RENAMED_MIGRATIONS[name] ?? name));
  const pending = readdirSync(migrationsDir)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name) && (!options.before || name < options.before))
    .sort()
    .filter((file) => !done.has(file));
  if (pending.length > 0) {
    // One simple-protocol query string runs as one implicit transaction: every pending migration, or
    // (one failing) none, so a failed upgrade leaves the data as the previous release had it.
    try {
      await database.exec(renaming + script(pending));
    } catch (error) {
      throw await whichFailed(database, pending, error);
    }
    for (const file of pending) log(`migration ${file} applied`);
  } else if (renaming) await database.exec(renaming);
  for (const [old, now] of renames) log(`migration ${old} recorded as ${now}`);
  // Tables added by any migration get the seq trigger (defined in 0005_sync.sql).
  await database.exec(
    "DO $$ BEGIN IF to_regproc('sync_ensure_triggers') IS NOT NULL THEN PERFORM sync_ensure_triggers(); END IF; END $$;",
  );
  // Searched columns get their trigram index; not on a previous release's schema (an upgrade test
  // stopping `before` a migration), which lacks columns the registry searches today.
  if (!options.before) await ensureSearchIndexes(database, log);
}
