// Text searches (a list's `icontains` filters: ?reference=, ?search=) match lower(column) LIKE
// '%words%'. Without an index that reads every row of the table, with the embedded database inside
// the server's process: a search over 100,000 items held every other request. A trigram index
// (pg_trgm, GIN) on lower(column) finds the rows holding the searched words' three-letter groups
// instead. One per searched column of the registry, made at every start when missing, so a search
// added to the registry gets its index, and so does a PostgreSQL that gains pg_trgm later.
import { sql } from 'kysely';
import { resources } from '../../src/domain/registry.js';
import type { Database } from './database.js';

/** Every column a text search of the registry reads, with the name of its trigram index. */
function searchedColumns(): { table: string; column: string; index: string }[] {
  const found = new Map<string, { table: string; column: string; index: string }>();
  for (const resource of Object.values(resources))
    for (const filter of resource.filters)
      if (filter.kind === 'icontains')
        for (const column of filter.fields) {
          const index = `${resource.table}_${column}_trgm`;
          found.set(index, { table: resource.table, column, index });
        }
  return [...found.values()];
}

/**
 * Creates pg_trgm (a trusted extension: the database's owner may, PostgreSQL 13 and later) and the
 * missing indexes. Where pg_trgm cannot be had (a PostgreSQL without its contrib package, a user
 * without CREATE on the database) the server says so once and searches read the table.
 */
export async function ensureSearchIndexes(database: Database, log: (message: string) => void) {
  const { db } = database;
  const { rows } = await sql<{ available: boolean; installed: boolean }>`select
    exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available,
    exists (select 1 from pg_extension where extname = 'pg_trgm') as installed`.execute(db);
  if (!rows[0]?.installed) {
    if (!rows[0]?.available) {
      log('pg_trgm is not available: text searches read whole tables (install PostgreSQL contrib)');
      return;
    }
    try {
      await database.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    } catch (error) {
      log(`pg_trgm could not be created (${(error as Error).message}): text searches read whole tables`);
      return;
    }
  }
  const existing = await sql<{ indexname: string }>`select indexname from pg_indexes
    where schemaname = current_schema() and indexname like '%\\_trgm'`.execute(db);
  const have = new Set(existing.rows.map((row) => row.indexname));
  for (const { table, column, index } of searchedColumns()) {
    if (have.has(index)) continue;
    await database.exec(
      `CREATE INDEX IF NOT EXISTS ${index} ON ${table} USING gin (lower(${column}) gin_trgm_ops)`,
    );
    log(`search index ${index} created`);
  }
}
