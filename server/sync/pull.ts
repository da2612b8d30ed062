import { type RawBuilder, sql } from 'kysely';
import { allFields } from '../../src/domain/columns.js';
import { isUuid } from '../../src/domain/ids.js';
import { type FieldKind, syncColumns } from '../../src/domain/model.js';
import { globalResources, projectResources, resources } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import type { PullPage } from '../../src/domain/sync-wire.js';
import type { Database } from '../db/database.js';
import { HttpError, notFound, ValidationError } from '../http/errors.js';
import { say } from '../i18n/message.js';
import { asJsonValue } from '../resources/engine/representation.js';
import { type Cursor, encodeCursor } from './cursor.js';

/**
 * A pull page with its changes as JSON text built by the database, in the format the device asked for:
 * `changes` (an array of changes, the first format) or `tables` (the columns format, an array of
 * PulledTable). An absent one is empty (a pull with nothing new).
 */
export interface PullAnswer extends Omit<PullPage, 'changes'> {
  changes?: string;
  tables?: string;
}

/** How a pull page carries its rows (docs/sync-protocol.md): see PullPage and ColumnsPullPage. */
export type PullFormat = 'changes' | 'columns';

// Users go to devices with their names only.
const HIDDEN: Record<string, string[]> = { users: ['email'] };

const SYNC_KINDS: Record<(typeof syncColumns)[number], FieldKind> = {
  id: 'uuid',
  version: 'int',
  seq: 'int',
  created_at: 'datetime',
  created_by: 'uuid',
  updated_at: 'datetime',
  updated_by: 'uuid',
  deleted_at: 'datetime',
};

/** A resource's columns as devices store them (sync columns, then every field), with their kinds. */
const pulledColumns = new Map<string, (readonly [string, FieldKind])[]>();

export function columnsOfPull(resource: Resource): (readonly [string, FieldKind])[] {
  let columns = pulledColumns.get(resource.name);
  if (!columns) {
    const hidden = HIDDEN[resource.name] ?? [];
    columns = [
      ...syncColumns.map((name) => [name, SYNC_KINDS[name]] as const),
      ...Object.entries(allFields(resource)).map(([name, field]) => [name, field.info.kind] as const),
    ].filter(([name]) => !hidden.includes(name));
    pulledColumns.set(resource.name, columns);
  }
  return columns;
}

const changeTexts = new Map<string, RawBuilder<unknown>>();

/**
 * Each row of a resource as its change, JSON text built by the database: a page of 5,000 rows is then
 * joined, not parsed column by column and serialised again (most of a page's server time). Values are
 * as the drivers would give them (see asJsonValue); row keys in column order, as before.
 */
function changeText(resource: Resource): RawBuilder<unknown> {
  let text = changeTexts.get(resource.name);
  if (!text) {
    const values = sql.join(
      columnsOfPull(resource).map(
        ([name, kind]) => sql`${asJsonValue(sql.ref(`t.${name}`), kind)} as ${sql.id(name)}`,
      ),
    );
    const name = sql.lit(resource.name);
    text = sql`case when t.deleted_at is null
      then json_build_object('resource', ${name}, 'op', 'upsert', 'row', (select row_to_json(x) from (select ${values}) as x))
      else json_build_object('resource', ${name}, 'op', 'delete', 'id', t.id) end::text`;
    changeTexts.set(resource.name, text);
  }
  return text;
}

/** PostgreSQL's functions take at most 100 arguments: a row of the columns format is one call. */
export const MOST_PULLED_COLUMNS = 100;
const valueTexts = new Map<string, RawBuilder<unknown>>();

/**
 * Each live row of a resource as a JSON array of its values in the order of columnsOfPull (the columns
 * format: the names go once per page), and a tombstone as its id (a JSON string).
 */
function valuesText(resource: Resource): RawBuilder<unknown> {
  let text = valueTexts.get(resource.name);
  if (!text) {
    const values = columnsOfPull(resource).map(([name, kind]) => asJsonValue(sql.ref(`t.${name}`), kind));
    text = sql`case when t.deleted_at is null then json_build_array(${sql.join(values)})::text else to_json(t.id)::text end`;
    valueTexts.set(resource.name, text);
  }
  return text;
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
  if (match && isUuid(match[1])) return { kind: 'project', id: match[1].toLowerCase() };
  throw new ValidationError({ scope: [say('sync.scope')] });
}

/**
 * The changes of a scope after `after` (a seq), oldest first, tombstones included, read in one
 * snapshot on every engine. The seq trigger makes seq order commit order, so nothing below the cursor
 * can appear later. `mark`: the scope's high-water mark read before (quiet-pull.ts), which the cursor
 * of the last page reaches: every row of the scope at or below it was committed before this snapshot,
 * so none is missed, and the next pull is answered from the mark alone (even when the mark's last
 * write moved its row to another scope).
 */
export async function pullChanges(
  database: Database,
  scope: ReturnType<typeof parseScope>,
  from: Cursor,
  limit: number,
  mark = 0,
  format: PullFormat = 'changes',
): Promise<PullAnswer> {
  const after = from.seq;
  const names = scope.kind === 'global' ? [...globalResources, ...projectlessResources] : projectResources;
  const run = async (db: Database['db']) => {
    const purged = await db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'purged_through_seq')
      .executeTakeFirst();
    const purgedThrough = purged ? Number(purged.value) : 0;
    if (from.purged !== null && purgedThrough > from.purged && after < purgedThrough)
      throw new HttpError(410, {
        detail: say('sync.cursor_expired'),
      });
    if (scope.kind === 'project') {
      const project = await sql`select 1 from project where id = ${scope.id}`.execute(db);
      if (project.rows.length === 0) throw notFound();
    }
    // Every table of the scope in one statement (each its own indexed scan, oldest first): a pull with
    // nothing new is one round trip, not one per table.
    const wheres = names.map((name) => {
      const resource = resources[name] as Resource;
      const where =
        resource.scope === 'global' || !resource.projectField
          ? sql`seq > ${after}`
          : scope.kind === 'project'
            ? sql`seq > ${after} and ${sql.ref(resource.projectField)} = ${scope.id}`
            : sql`seq > ${after} and ${sql.ref(resource.projectField)} is null`;
      return { resource, where };
    });
    const page =
      format === 'columns' ? await columnsPage(db, wheres, limit) : await changesPage(db, wheres, limit);
    let total: number | undefined;
    if (after === 0) {
      const count = await sql<{ n: number }>`select (${sql.join(
        wheres.map(
          ({ resource, where }) =>
            sql`(select count(*) from ${sql.table(resource.table)} where ${where} and deleted_at is null)`,
        ),
        sql` + `,
      )})::int as n`.execute(db);
      total = count.rows[0]?.n ?? 0;
    }
    return { ...page, total, purgedThrough };
  };
  // One snapshot for every table on both engines. On PGlite the transaction also holds the one
  // connection, so no other request's commit lands between two of its reads.
  const { changes, tables, last, more, total, purgedThrough } = await database.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => run(trx));

  return {
    ...(tables !== undefined ? { tables } : { changes }),
    // Past the last page, rows below the purge mark are gone for good: the cursor may move up to it.
    cursor: encodeCursor({
      seq: more ? (last ?? after) : Math.max(last ?? after, purgedThrough, mark),
      purged: purgedThrough,
    }),
    has_more: more,
    ...(total !== undefined ? { total } : {}),
  };
}

type Scoped = { resource: Resource; where: RawBuilder<unknown> };

/** What a page's query gives: its changes as JSON text, the seq of its last change, whether more follow. */
interface PageText {
  changes?: string;
  tables?: string;
  last: number | null;
  more: boolean;
}

const seqOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/**
 * The first `limit` changes after the cursor across the scope's tables (each its own indexed scan, oldest
 * first), and one more to tell whether more follow, with `text` the JSON of each.
 */
const firstChanges = (wheres: Scoped[], limit: number, text: (resource: Resource) => RawBuilder<unknown>) =>
  sql`select res, seq, del, change, row_number() over (order by seq) as r from (${sql.join(
    wheres.map(
      ({ resource, where }) =>
        sql`(select ${sql.lit(resource.name)}::text as res, t.seq, t.deleted_at is not null as del, ${text(resource)} as change from ${sql.table(resource.table)} as t where ${where} order by t.seq limit ${limit + 1})`,
    ),
    sql` union all `,
  )}) as c order by seq limit ${limit + 1}`;

/**
 * The page in the first format: one row, its changes joined into one JSON text by the database. Not 5,000
 * rows: on PGlite each row crossed from the database's thread to this one as an object of its own
 * (~30 ms of this thread per page of 5,000).
 */
async function changesPage(db: Database['db'], wheres: Scoped[], limit: number): Promise<PageText> {
  const page = await sql<{ n: number; last: string | number | null; changes: string | null }>`select
    count(*)::int as n,
    max(seq) filter (where r <= ${limit}) as last,
    string_agg(change, ',' order by seq) filter (where r <= ${limit}) as changes
    from (${firstChanges(wheres, limit, changeText)}) as p`.execute(db);
  const row = page.rows[0];
  return { changes: `[${row?.changes ?? ''}]`, last: seqOf(row?.last), more: (row?.n ?? 0) > limit };
}

/**
 * The page in the columns format: one row per resource and kind (live rows, tombstones), each with its
 * values joined into one JSON text by the database; the tables' JSON is assembled here.
 */
async function columnsPage(db: Database['db'], wheres: Scoped[], limit: number): Promise<PageText> {
  const page = await sql<{
    res: string;
    del: boolean;
    n: number;
    last: string | number | null;
    changes: string | null;
  }>`select res, del, count(*)::int as n,
    max(seq) filter (where r <= ${limit}) as last,
    string_agg(change, ',' order by seq) filter (where r <= ${limit}) as changes
    from (${firstChanges(wheres, limit, valuesText)}) as p group by res, del`.execute(db);
  const byResource = new Map<string, { rows: string; deleted: string }>();
  let n = 0;
  let last: number | null = null;
  for (const row of page.rows) {
    n += row.n;
    const seq = seqOf(row.last);
    if (seq !== null && (last === null || seq > last)) last = seq;
    if (row.changes === null) continue;
    const table = byResource.get(row.res) ?? { rows: '', deleted: '' };
    if (row.del) table.deleted = row.changes;
    else table.rows = row.changes;
    byResource.set(row.res, table);
  }
  const tables = [...byResource].map(([name, { rows, deleted }]) => {
    const columns = columnsOfPull(resources[name as keyof typeof resources] as Resource).map(
      ([column]) => column,
    );
    return `{"resource":${JSON.stringify(name)},"columns":${JSON.stringify(columns)},"rows":[${rows}],"deleted":[${deleted}]}`;
  });
  return { tables: `[${tables.join(',')}]`, last, more: n > limit };
}
