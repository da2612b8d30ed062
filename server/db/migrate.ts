import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.js';
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

async function applyPending(database: Database, log: (message: string) => void, options: MigrateOptions) {
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = await database.db.selectFrom('schema_migrations').select('name').execute();
  const done = new Set(applied.map((row) => row.name));
  const files = readdirSync(migrationsDir)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name) && (!options.before || name < options.before))
    .sort();
  for (const file of files) {
    if (done.has(file)) continue;
    const text = readFileSync(join(migrationsDir, file), 'utf8');
    // One simple-protocol query string runs as one implicit transaction: all of it or none.
    await database.exec(`${text}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');`);
    log(`migration ${file} applied`);
  }
  // Tables added by any migration get the seq trigger (defined in 0005_sync.sql).
  await database.exec(
    "DO $$ BEGIN IF to_regproc('sync_ensure_triggers') IS NOT NULL THEN PERFORM sync_ensure_triggers(); END IF; END $$;",
  );
  // Searched columns get their trigram index; not on a previous release's schema (an upgrade test
  // stopping `before` a migration), which lacks columns the registry searches today.
  if (!options.before) await ensureSearchIndexes(database, log);
}
