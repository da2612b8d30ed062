import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { FieldKind } from '../../../src/domain/model.js';
import { resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import { columnsOf } from './columns.js';

/** What a client reads of a row: its id, fields, and the version and stamps it can act on. */
export type Representation = Record<string, unknown>;

function jsonObject(alias: string, idExpr: RawBuilder<unknown>, display: readonly string[]) {
  const pairs = display.flatMap((name) => [sql.lit(name), sql.ref(`${alias}.${name}`)]);
  return sql`json_build_object('id', ${idExpr}, ${sql.join(pairs)})`;
}

/**
 * A column as the JSON the drivers' values would become (see server/db/database.ts): timestamps as
 * ISO 8601 in UTC to the millisecond, decimals as their exact text, times as 'HH:mm' when they have
 * no seconds. Everything else is what PostgreSQL's JSON of it already is.
 */
export function asJsonValue(column: RawBuilder<unknown>, kind: FieldKind): RawBuilder<unknown> {
  switch (kind) {
    case 'datetime':
      return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'decimal':
      return sql`${column}::text`;
    case 'time':
      return sql`case when date_part('second', ${column}) = 0 then to_char(${column}, 'HH24:MI') else ${column}::text end`;
    default:
      return column;
  }
}

/**
 * SELECT list for the REST shape: a ref is read back as {id, ...the fields a screen shows}
 * (a customer's trade_name, a manager's names, a status's name), in the same query, so a list renders
 * without extra calls. Ref lists come back as arrays of such objects, in their stored order.
 * Refs are scalar subqueries, not joins: a project's 11 left joins cost PGlite ~24 ms of planning
 * per query (join order search) against 0.6 ms of execution; a subquery is planned on its own.
 * A ref column is a foreign key, so its row exists (tombstones stay) and a null ref reads as null.
 */
function representationSelect(
  resource: Resource,
  alias = 't',
  options: { json?: boolean; deleted?: boolean } = {},
) {
  const { fields, refs } = columnsOf(resource);
  const plain = (name: string, kind: FieldKind) => {
    const column = sql.ref(`${alias}.${name}`);
    return options.json
      ? sql`${asJsonValue(column, kind)} as ${sql.id(name)}`
      : sql`${column} as ${sql.id(name)}`;
  };
  const select: RawBuilder<unknown>[] = [
    plain('id', 'uuid'),
    plain('version', 'int'),
    plain('created_at', 'datetime'),
    plain('created_by', 'uuid'),
    plain('updated_at', 'datetime'),
    plain('updated_by', 'uuid'),
  ];
  let index = 0;
  for (const [name, info] of Object.entries(fields)) {
    const ref = refs[name];
    const column = sql.ref(`${alias}.${name}`);
    if (!ref) {
      select.push(plain(name, info.kind));
      continue;
    }
    const target = resources[ref.resource];
    const refAlias = `r${index++}`;
    const display = ref.display.filter((field) => field !== 'id');
    if (ref.many) {
      select.push(
        sql`(select coalesce(json_agg(${jsonObject(refAlias, sql.ref(`${refAlias}.id`), display)} order by array_position(${column}, ${sql.ref(`${refAlias}.id`)})), '[]'::json) from ${sql.table(target.table)} as ${sql.table(refAlias)} where ${sql.ref(`${refAlias}.id`)} = any(${column})) as ${sql.id(name)}`,
      );
    } else {
      select.push(
        sql`(select ${jsonObject(refAlias, sql.ref(`${refAlias}.id`), display)} from ${sql.table(target.table)} as ${sql.table(refAlias)} where ${sql.ref(`${refAlias}.id`)} = ${column}) as ${sql.id(name)}`,
      );
    }
  }
  // Lists asked for their tombstones (include_deleted) say which rows are deleted.
  if (options.deleted) select.push(plain('deleted_at', 'datetime'));
  return { select: sql.join(select) };
}

const compiled = new Map<string, RawBuilder<unknown>>();

/**
 * The SELECT list compiled to text once per resource (it has no parameters): building and compiling
 * it per request cost a list a tenth of its server time. `json`: each column as its JSON value.
 */
export function cachedSelect<DB>(
  db: Kysely<DB>,
  resource: Resource,
  options: { json?: boolean; deleted?: boolean } = {},
) {
  const key = `${resource.name}:${options.json ? 'json' : 'values'}:${options.deleted ? 'deleted' : 'live'}`;
  let select = compiled.get(key);
  if (!select) {
    const query = representationSelect(resource, 't', options).select.compile(db);
    if (query.parameters.length > 0) throw new Error(`the select list of ${resource.name} has parameters`);
    select = sql.raw(query.sql);
    compiled.set(key, select);
  }
  return select;
}
