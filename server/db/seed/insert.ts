// Seed helpers: rows checked by the domain schema, inserted many per statement.
import { type Kysely, sql } from 'kysely';
import { uuidv7 } from '../../../src/domain/ids.js';
import { getResource } from '../../../src/domain/registry.js';

export type SeedRow = Record<string, unknown> & { id: string };

/** Who a seeded row was made by. */
export interface Authors {
  admin: string | null;
  staff: string | null;
}

/**
 * A row of `resource` as the API would store it: `data` validated and normalised by the domain
 * schema (a seed mistake fails loudly), plus server-set fields (`extra`) and the author.
 */
export function prepare(
  resource: string,
  data: Record<string, unknown>,
  options: { id?: string; extra?: Record<string, unknown>; by?: string | null } = {},
): SeedRow {
  const definition = getResource(resource);
  if (!definition) throw new Error(`seed: unknown resource ${resource}`);
  const parsed = definition.schema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`seed: invalid ${resource}: ${JSON.stringify(parsed.error.issues)}`);
  }
  const by = options.by ?? null;
  return {
    ...(parsed.data as Record<string, unknown>),
    ...options.extra,
    id: options.id ?? uuidv7(),
    created_by: by,
    updated_by: by,
  };
}

const CHUNK = 400;

/** Inserts rows in multi-row statements (absent values take the column default). */
export async function insertRows<DB>(db: Kysely<DB>, table: string, rows: readonly SeedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const part = rows.slice(start, start + CHUNK);
    const values = part.map(
      (row) =>
        sql`(${sql.join(columns.map((column) => (row[column] === undefined ? sql`default` : sql`${row[column]}`)))})`,
    );
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(values)}`.execute(
      db,
    );
  }
}

/** Ids of a table's live rows by the value of one column (lookups by their natural key). */
export async function idsBy<DB>(db: Kysely<DB>, table: string, column: string): Promise<Map<string, string>> {
  const result = await sql<{ key: string; id: string }>`
    select ${sql.ref(column)} as key, id from ${sql.table(table)} where deleted_at is null`.execute(db);
  return new Map(result.rows.map((row) => [row.key, row.id]));
}

/** The id for `key`, or a clear error naming the missing lookup. */
export function need(ids: Map<string, string>, key: string, what: string): string {
  const id = ids.get(key);
  if (!id) throw new Error(`seed: ${what} '${key}' not found (run seedLookups first)`);
  return id;
}

/** The ids of the demo users (admin and staff), or null where they do not exist. */
export async function demoAuthors<DB>(db: Kysely<DB>): Promise<Authors> {
  const users = await idsBy(db, 'users', 'username');
  return { admin: users.get('admin') ?? null, staff: users.get('staff') ?? null };
}

/** True when the table holds no live row. */
export async function isEmpty<DB>(db: Kysely<DB>, table: string): Promise<boolean> {
  const result = await sql<{ found: number }>`
    select 1 as found from ${sql.table(table)} where deleted_at is null limit 1`.execute(db);
  return result.rows.length === 0;
}
