import { type Kysely, sql } from 'kysely';
import type { Resource } from '../../src/domain/resource.js';
import { columnsOf } from '../resources/engine/columns.js';

/** A row as devices store it: sync columns and every field, refs as ids (no expansion). */
export async function flatRow(
  db: Kysely<unknown>,
  resource: Resource,
  id: string,
): Promise<Record<string, unknown> | null> {
  const names = columnsOf(resource).flat;
  const rows = await sql<
    Record<string, unknown>
  >`select ${sql.join(names.map((name) => sql.ref(name)))} from ${sql.table(resource.table)} where id = ${id}`.execute(
    db,
  );
  const row = rows.rows[0];
  return row && !row.deleted_at ? row : null;
}
