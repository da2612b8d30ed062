// The reads a write's checks make of other rows (integrity.ts, reference/redirect.ts): straight from the
// database, or from a sync push's reads of its whole batch (server/sync/batch-reads.ts), which answers
// them from one statement per table instead of one per check.
import { type Kysely, sql } from 'kysely';

export interface RowReader {
  /** Of `ids` in `table`, those of live (not deleted) rows. */
  live(table: string, ids: string[]): Promise<Set<string>>;
  /** A column of a row, deleted or not; null when there is no such row. */
  value(table: string, id: string, column: string): Promise<unknown>;
  /** The reference entries among `ids` that were merged, with the entry each was merged into. */
  mergedInto(ids: string[]): Promise<Map<string, string>>;
}

export function databaseReader(db: Kysely<unknown>): RowReader {
  return {
    async live(table, ids) {
      const rows = await sql<{
        id: string;
      }>`select id from ${sql.table(table)} where id = any(${ids}::uuid[]) and deleted_at is null`.execute(
        db,
      );
      return new Set(rows.rows.map((row) => row.id));
    },
    async value(table, id, column) {
      const result = await sql<{
        value: unknown;
      }>`select ${sql.ref(column)} as value from ${sql.table(table)} where id = ${id}`.execute(db);
      return result.rows[0]?.value ?? null;
    },
    mergedInto: (ids) => mergesOf(db, ids),
  };
}

export async function mergesOf(db: Kysely<unknown>, ids: string[]): Promise<Map<string, string>> {
  const found = await sql<{ from_id: string; into_id: string }>`
    select from_id, into_id from reference_merge where from_id = any(${ids}::uuid[])`.execute(db);
  return new Map(found.rows.map((row) => [row.from_id, row.into_id]));
}
