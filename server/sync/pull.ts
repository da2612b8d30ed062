import { sql } from 'kysely';
import { allFields } from '../../src/domain/columns.js';
import { syncColumns } from '../../src/domain/model.js';
import { globalResources, projectResources, resources } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import type { Database } from '../db/database.js';
import { HttpError, notFound, ValidationError } from '../http/errors.js';
import { type Cursor, encodeCursor } from './cursor.js';

export type Change =
  | { resource: string; op: 'upsert'; row: Record<string, unknown> }
  | { resource: string; op: 'delete'; id: string };

export interface PullAnswer {
  changes: Change[];
  cursor: string;
  has_more: boolean;
  /** On a first pull (no cursor): how many live rows the scope holds, for progress. */
  total?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Users go to devices with their names only.
const HIDDEN: Record<string, string[]> = { users: ['email'] };

function columns(resource: Resource): string[] {
  const hidden = HIDDEN[resource.name] ?? [];
  return [...syncColumns, ...Object.keys(allFields(resource))].filter((name) => !hidden.includes(name));
}

/**
 * Project-scoped resources whose project may be empty (a container report's attachments): such rows
 * belong to no project, so they travel with the global scope.
 */
const projectlessResources = projectResources.filter((name) => {
  const resource = resources[name] as Resource;
  return (
    resource.projectField !== undefined && allFields(resource)[resource.projectField]?.info.nullable === true
  );
});

export function parseScope(scope: string | undefined): { kind: 'global' } | { kind: 'project'; id: string } {
  if (scope === undefined || scope === '' || scope === 'global') return { kind: 'global' };
  const match = /^project:(.+)$/.exec(scope);
  if (match && UUID.test(match[1])) return { kind: 'project', id: match[1].toLowerCase() };
  throw new ValidationError({ scope: ['Use "global" or "project:<id>".'] });
}

/**
 * The changes of a scope after `after` (a seq), oldest first, tombstones included, read in one
 * snapshot. The seq trigger makes seq order commit order, so nothing below the cursor can appear later.
 */
export async function pullChanges(
  database: Database,
  scope: ReturnType<typeof parseScope>,
  from: Cursor,
  limit: number,
): Promise<PullAnswer> {
  const after = from.seq;
  const names = scope.kind === 'global' ? [...globalResources, ...projectlessResources] : projectResources;
  const purged = await database.db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', 'purged_through_seq')
    .executeTakeFirst();
  const purgedThrough = purged ? Number(purged.value) : 0;
  if (from.purged !== null && purgedThrough > from.purged && after < purgedThrough)
    throw new HttpError(410, {
      detail: 'This cursor is older than the kept history; download the scope again.',
    });

  const run = async (db: Database['db']) => {
    if (scope.kind === 'project') {
      const project = await sql`select 1 from project where id = ${scope.id}`.execute(db);
      if (project.rows.length === 0) throw notFound();
    }
    const batches: { resource: Resource; rows: Record<string, unknown>[] }[] = [];
    let total: number | undefined;
    for (const name of names) {
      const resource = resources[name] as Resource;
      const where =
        resource.scope === 'global' || !resource.projectField
          ? sql`seq > ${after}`
          : scope.kind === 'project'
            ? sql`seq > ${after} and ${sql.ref(resource.projectField)} = ${scope.id}`
            : sql`seq > ${after} and ${sql.ref(resource.projectField)} is null`;
      const rows = await sql<
        Record<string, unknown>
      >`select ${sql.join(columns(resource).map((c) => sql.ref(c)))} from ${sql.table(resource.table)} where ${where} order by seq limit ${limit + 1}`.execute(
        db,
      );
      batches.push({ resource, rows: rows.rows });
      if (after === 0) {
        const count = await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(resource.table)} where ${where} and deleted_at is null`.execute(
          db,
        );
        total = (total ?? 0) + (count.rows[0]?.n ?? 0);
      }
    }
    return { batches, total };
  };
  const { batches, total } =
    database.engine === 'postgres'
      ? await database.db
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute((trx) => run(trx))
      : await run(database.db);

  const merged = batches
    .flatMap(({ resource, rows }) => rows.map((row) => ({ resource, row })))
    .sort((a, b) => Number(a.row.seq) - Number(b.row.seq));
  const page = merged.slice(0, limit);
  const changes: Change[] = page.map(({ resource, row }) =>
    row.deleted_at
      ? { resource: resource.name, op: 'delete', id: String(row.id) }
      : { resource: resource.name, op: 'upsert', row },
  );
  const last = page.length > 0 ? Number(page[page.length - 1].row.seq) : after;
  return {
    changes,
    // Past the last page, rows below the purge mark are gone for good: the cursor may move up to it.
    cursor: encodeCursor({
      seq: merged.length > limit ? last : Math.max(last, purgedThrough),
      purged: purgedThrough,
    }),
    has_more: merged.length > limit,
    ...(total !== undefined ? { total } : {}),
  };
}
