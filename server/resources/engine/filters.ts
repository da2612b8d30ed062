import { type RawBuilder, sql } from 'kysely';
import { isUuid } from '../../../src/domain/ids.js';
import type { FieldInfo } from '../../../src/domain/model.js';
import type { Resource } from '../../../src/domain/resource.js';
import { parseDateOnly, parseDateTime } from '../../../src/domain/values.js';
import { type FieldErrors, ValidationError } from '../../http/errors.js';
import { say, type Text } from '../../i18n/message.js';
import { columnsOf, paramType } from './columns.js';

export type Query = Record<string, string | string[] | undefined>;

const list = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item) => item !== '');

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TRUE = ['true', '1', 'True', 'yes'];
const FALSE = ['false', '0', 'False', 'no'];

/** PostgreSQL text cannot hold NUL (a parameter with one is an error, a 500): no row has it. */
const hasNul = (value: string) => value.includes('\u0000');
const matchable = (values: string[]) => values.filter((value) => !hasNul(value));

/** `%`, `_` and `\` typed by a user are matched literally (`\` is LIKE's default escape). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function checkValue(info: FieldInfo, value: string): Text | null {
  switch (info.kind) {
    case 'ref':
    case 'uuid':
    case 'refList':
      return isUuid(value) ? null : `“${value.slice(0, 80)}” is not a valid UUID.`;
    case 'int':
      return /^-?\d{1,9}$/.test(value) ? null : say('field.whole_number');
    case 'decimal':
      return /^-?\d{1,11}(\.\d{1,3})?$/.test(value) ? null : say('field.a_number');
    case 'date':
    case 'datetime':
      // The domain's parsers: Date.parse takes 2026-02-30, which PostgreSQL then refuses (a 500).
      return parseDateOnly(value).ok || parseDateTime(value).ok ? null : say('field.date');
    default:
      return null;
  }
}

/** A date-time filter bound: a bare date covers that whole day (UTC). */
function bound(info: FieldInfo, value: string, side: 'after' | 'before'): RawBuilder<unknown> {
  if (info.kind === 'datetime' && DATE.test(value))
    return side === 'after'
      ? sql`${value}::date::timestamptz`
      : sql`(${value}::date + 1)::timestamptz - interval '1 microsecond'`;
  return sql`${value}::${sql.raw(paramType(info.kind))}`;
}

/**
 * The WHERE conditions of a list's filters, from the query string. Unknown parameters are ignored,
 * as DRF does; a malformed value of a typed filter is a 400 naming the filter; text is matched
 * literally, whatever it holds.
 */
export function filterConditions(resource: Resource, query: Query, alias = 't'): RawBuilder<unknown>[] {
  const { fields } = columnsOf(resource);
  const conditions: RawBuilder<unknown>[] = [];
  const errors: FieldErrors = {};
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const invalid = (name: string, values: string[], info: FieldInfo) => {
    const problems = values.map((value) => checkValue(info, value)).filter((p): p is string => p !== null);
    if (problems.length > 0) errors[name] = [problems[0]];
    return problems.length > 0;
  };

  for (const filter of resource.filters) {
    if (filter.kind === 'range') {
      const info = fields[filter.field];
      for (const side of ['after', 'before'] as const) {
        const name = `${filter.name}_${side}`;
        const values = list(query[name]);
        if (values.length === 0 || invalid(name, values, info)) continue;
        const op = side === 'after' ? sql`>=` : sql`<=`;
        conditions.push(sql`${col(filter.field)} ${op} ${bound(info, values[values.length - 1], side)}`);
      }
      continue;
    }
    const values = list(query[filter.name]);
    if (values.length === 0) continue;
    switch (filter.kind) {
      case 'icontains': {
        if (values.some(hasNul)) {
          conditions.push(sql`false`);
          break;
        }
        // lower(column) like lower(pattern) is what ILIKE does, but lowers the pattern once, not per row;
        // each searched column has a trigram index on lower(column) (server/db/search-indexes.ts).
        for (const pattern of values.map(likePattern)) {
          const any = filter.fields.map((name) => sql`lower(${col(name)}) like lower(${pattern})`);
          conditions.push(sql`(${sql.join(any, sql` or `)})`);
        }
        break;
      }
      case 'boolean': {
        const value = values[values.length - 1];
        if (!TRUE.includes(value) && !FALSE.includes(value)) {
          errors[filter.name] = [say('upload.true_false')];
          break;
        }
        conditions.push(sql`${col(filter.field)} = ${TRUE.includes(value)}`);
        break;
      }
      case 'contains': {
        const info = fields[filter.field];
        if (invalid(filter.name, values, info)) break;
        const type = info.kind === 'refList' ? 'uuid[]' : 'text[]';
        conditions.push(sql`${col(filter.field)} && ${matchable(values)}::${sql.raw(type)}`);
        break;
      }
      default: {
        const info = fields[filter.field];
        if (invalid(filter.name, values, info)) break;
        const wanted = matchable(values);
        // One value as `=`: a btree index then yields its rows already in the list's order (with
        // `= any(array)` PostgreSQL sorts every match, e.g. all of a project's coils, for one page).
        conditions.push(
          wanted.length === 1
            ? sql`${col(filter.field)} = ${wanted[0]}::${sql.raw(paramType(info.kind))}`
            : sql`${col(filter.field)} = any(${wanted}::${sql.raw(`${paramType(info.kind)}[]`)})`,
        );
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return conditions;
}

/** ORDER BY from `ordering` (DRF style, comma separated); unknown keys are ignored. Ends with id. */
export function orderBy(resource: Resource, ordering: string | string[] | undefined, alias = 't') {
  const { fields } = columnsOf(resource);
  const known = new Set([...Object.keys(fields), 'id', 'created_at', 'updated_at']);
  const requested = list(ordering)
    .flatMap((value) => value.split(','))
    .map((key) => key.trim())
    .filter((key) => known.has(key.replace(/^-/, '')) && fields[key.replace(/^-/, '')]?.kind !== 'json');
  const keys = requested.length > 0 ? requested : [...resource.ordering];
  if (!keys.some((key) => key.replace(/^-/, '') === 'id')) keys.push('id');
  return sql.join(
    keys.map((key) =>
      key.startsWith('-')
        ? sql`${sql.ref(`${alias}.${key.slice(1)}`)} desc`
        : sql`${sql.ref(`${alias}.${key}`)} asc`,
    ),
  );
}
