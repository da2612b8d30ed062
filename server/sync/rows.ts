import { type Kysely, sql } from 'kysely';
import { allFields } from '../../src/domain/columns.js';
import { syncColumns } from '../../src/domain/model.js';
import type { Resource } from '../../src/domain/resource.js';

/** A row as devices store it: sync columns and every field, refs as ids (no expansion). */
export async function flatRow(
  db: Kysely<unknown>,
  resource: Resource,
  id: string,
): Promise<Record<string, unknown> | null> {
  const names = [...syncColumns, ...Object.keys(allFields(resource))].filter(
    (name) => !(resource.name === 'users' && name === 'email'),
  );
  const rows = await sql<
    Record<string, unknown>
  >`select ${sql.join(names.map((name) => sql.ref(name)))} from ${sql.table(resource.table)} where id = ${id}`.execute(
    db,
  );
  const row = rows.rows[0];
  return row && !row.deleted_at ? row : null;
}
