import { type RawBuilder, sql } from 'kysely';
import type { Resource } from '../../../src/domain/resource.js';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { HttpError, notFound } from '../../http/errors.js';
import { readCondition } from './access.js';
import { filterConditions, orderBy, type Query } from './filters.js';
import { type Representation, representationSelect } from './representation.js';

export interface Page {
  count: number;
  results: Representation[];
  page: number;
  pageSize: number;
}

const invalidPage = () => new HttpError(404, { detail: 'Invalid page.' });

function positiveInt(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[value.length - 1] : value;
  if (text === undefined || text === '') return null;
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

function where(conditions: RawBuilder<unknown>[]) {
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/** One page of a resource's live rows, filtered, in a stable order, with the total count. */
export async function listPage(
  database: Database,
  resource: Resource,
  principal: Principal | null,
  query: Query,
): Promise<Page> {
  const page = positiveInt(query.page) ?? 1;
  if (!Number.isInteger(page) || page < 1) throw invalidPage();
  const requestedSize = positiveInt(query.page_size);
  const pageSize = Math.min(
    requestedSize && Number.isInteger(requestedSize) && requestedSize > 0
      ? requestedSize
      : resource.pageSize.default,
    resource.pageSize.max,
  );
  const conditions = [sql`t.deleted_at is null`, ...filterConditions(resource, query)];
  const access = readCondition(resource, principal);
  if (access) conditions.push(access);
  const table = sql.table(resource.table);
  const { db } = database;
  const { select } = representationSelect(resource);
  const order = orderBy(resource, query.ordering);
  const offset = (page - 1) * pageSize;
  // The page's ids first (an index scan, no row built for the rows skipped by the offset), then
  // the REST shape of those rows only.
  const rows = await sql<Representation>`select ${select} from ${table} as t
    where t.id in (select t.id from ${table} as t ${where(conditions)} order by ${order} limit ${pageSize} offset ${offset})
    order by ${order}`.execute(db);
  if (rows.rows.length === 0 && page > 1) throw invalidPage();
  // A page that is not full is the last one: its count is known without counting (one query for
  // every list that fits in a page: lookups, a hand's events).
  if (rows.rows.length < pageSize)
    return { count: offset + rows.rows.length, results: rows.rows, page, pageSize };
  const counted = await sql<{
    count: number;
  }>`select count(*)::int as count from ${table} as t ${where(conditions)}`.execute(db);
  return { count: counted.rows[0]?.count ?? 0, results: rows.rows, page, pageSize };
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

export async function findRepresentation(
  { db }: { db: Database['db'] },
  resource: Resource,
  principal: Principal | null,
  id: string,
): Promise<Representation | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const conditions = [sql`t.id = ${id}`, sql`t.deleted_at is null`];
  const access = readCondition(resource, principal);
  if (access) conditions.push(access);
  const { select } = representationSelect(resource);
  const result =
    await sql<Representation>`select ${select} from ${sql.table(resource.table)} as t ${where(conditions)}`.execute(
      db,
    );
  return result.rows[0];
}
