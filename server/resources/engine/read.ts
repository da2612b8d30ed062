import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isUuid } from '../../../src/domain/ids.js';
import type { Resource } from '../../../src/domain/resource.js';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { HttpError, notFound } from '../../http/errors.js';
import { say } from '../../i18n/message.js';
import { readCondition } from './access.js';
import { changeConditions } from './changes.js';
import { filterConditions, orderBy, type Query } from './filters.js';
import { checkListQuery } from './limits.js';
import { preparedRows } from './prepared.js';
import { cachedSelect, type Representation } from './representation.js';

export interface Page {
  count: number;
  results: Representation[];
  page: number;
  pageSize: number;
}

const invalidPage = () => new HttpError(404, { detail: say('record.page') });

function positiveInt(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[value.length - 1] : value;
  if (text === undefined || text === '') return null;
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

function where(conditions: RawBuilder<unknown>[]) {
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

export interface PageText {
  count: number;
  /** The page's rows in the REST shape, as JSON text (an array). */
  results: string;
  page: number;
  pageSize: number;
}

/**
 * The statement of one page: the page's ids first (an index scan, no row built for the rows the
 * offset skips), then the REST shape of those rows only, built as JSON by the database, and the
 * count beside it. 400 naming the parameter for a query past its limits (limits.ts).
 */
export function listStatement(
  database: { db: Database['db'] },
  resource: Resource,
  principal: Principal | null,
  query: Query,
) {
  checkListQuery(resource, query);
  const page = positiveInt(query.page) ?? 1;
  if (!Number.isInteger(page) || page < 1) throw invalidPage();
  const requestedSize = positiveInt(query.page_size);
  const pageSize = Math.min(
    requestedSize && Number.isInteger(requestedSize) && requestedSize > 0
      ? requestedSize
      : resource.pageSize.default,
    resource.pageSize.max,
  );
  const changes = changeConditions(query);
  const conditions = [...changes.conditions, ...filterConditions(resource, query)];
  const access = readCondition(resource, principal);
  if (access) conditions.push(access);
  const table = sql.table(resource.table);
  const select = cachedSelect(database.db, resource, { json: true, deleted: changes.deleted });
  const order = orderBy(resource, query.ordering);
  const offset = (page - 1) * pageSize;
  const filtered = where(conditions);
  const statement = sql<{ count: number; results: string | null }>`select
    (select count(*)::int from ${table} as t ${filtered}) as count,
    (select json_agg(row_to_json(x) order by t.__n)::text
      from (select t.*, row_number() over (order by ${order}) as __n from ${table} as t
        where t.id in (select t.id from ${table} as t ${filtered} order by ${order} limit ${pageSize} offset ${offset})) as t
      cross join lateral (select ${select}) as x) as results`;
  // A text search is planned for its words: whether a trigram index helps depends on them (none for
  // one or two letters), which a prepared statement's plan, made once for any words, cannot know.
  const searching = resource.filters.some(
    (filter) => filter.kind === 'icontains' && query[filter.name] !== undefined,
  );
  return { statement, page, pageSize, searching };
}

/** One page of a resource's live rows, filtered, in a stable order, with the total count, in ONE statement. */
export async function listPageText(
  database: Database,
  resource: Resource,
  principal: Principal | null,
  query: Query,
): Promise<PageText> {
  const { statement, page, pageSize, searching } = listStatement(database, resource, principal, query);
  const [row] = searching
    ? (await statement.execute(database.db)).rows
    : await preparedRows(database.db as never, statement);
  if (!row?.results && page > 1) throw invalidPage();
  return { count: row?.count ?? 0, results: row?.results ?? '[]', page, pageSize };
}

/** One page as values (for routes that add to the rows). */
export async function listPage(
  database: Database,
  resource: Resource,
  principal: Principal | null,
  query: Query,
): Promise<Page> {
  const { results, ...page } = await listPageText(database, resource, principal, query);
  return { ...page, results: JSON.parse(results) as Representation[] };
}

/** One live row in the REST shape, or 404 (also when the caller may not see it). */
export async function readOne(
  database: Database | { db: Database['db'] },
  resource: Resource,
  principal: Principal | null,
  id: string,
): Promise<Representation> {
  const row = await findRepresentation(database, resource, principal, id);
  if (!row) throw notFound();
  return row;
}

/** On the database, or in a write's transaction (typed Kysely<unknown>): it runs raw SQL only. */
export async function findRepresentation<DB>(
  { db }: { db: Kysely<DB> },
  resource: Resource,
  principal: Principal | null,
  id: string,
): Promise<Representation | undefined> {
  if (!isUuid(id)) return undefined;
  const conditions = [sql`t.id = ${id}`, sql`t.deleted_at is null`];
  const access = readCondition(resource, principal);
  if (access) conditions.push(access);
  const select = cachedSelect(db, resource);
  const result =
    await sql<Representation>`select ${select} from ${sql.table(resource.table)} as t ${where(conditions)}`.execute(
      db,
    );
  return result.rows[0];
}
