import { type RawBuilder, sql } from 'kysely';
import { parseDateOnly, parseDateTime } from '../../../src/domain/values.js';
import { type FieldErrors, ValidationError } from '../../http/errors.js';
import { say } from '../../i18n/message.js';
import type { Query } from './filters.js';

const TRUE = ['true', '1', 'True', 'yes'];
const FALSE = ['false', '0', 'False', 'no'];

const last = (value: string | string[] | undefined) => (Array.isArray(value) ? value.at(-1) : value);

/** A '+01:00' zone sent unencoded in a query string arrives as ' 01:00'. */
const plusRestored = (text: string) => text.replace(/ (\d{2}(:?\d{2})?)$/, '+$1');

/**
 * The incremental read of a list: `updated_since` (a date-time, or a date meaning its start, UTC) keeps
 * the rows changed at or after it; `include_deleted=true` adds the tombstones. A bad value is a 400
 * naming the parameter.
 */
export function changeConditions(
  query: Query,
  alias = 't',
): { conditions: RawBuilder<unknown>[]; deleted: boolean } {
  const errors: FieldErrors = {};
  const conditions: RawBuilder<unknown>[] = [];
  const include = last(query.include_deleted);
  let deleted = false;
  if (include !== undefined && include !== '') {
    if (TRUE.includes(include)) deleted = true;
    else if (!FALSE.includes(include)) errors.include_deleted = [say('upload.true_false')];
  }
  if (!deleted) conditions.push(sql`${sql.ref(`${alias}.deleted_at`)} is null`);
  const since = last(query.updated_since);
  if (since !== undefined && since !== '') {
    const text = plusRestored(since.trim());
    const date = parseDateOnly(text);
    const time = date.ok ? null : parseDateTime(text);
    if (date.ok) conditions.push(sql`${sql.ref(`${alias}.updated_at`)} >= ${date.value}::date::timestamptz`);
    else if (time?.ok) conditions.push(sql`${sql.ref(`${alias}.updated_at`)} >= ${time.value}::timestamptz`);
    else errors.updated_since = [say('field.date_time')];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { conditions, deleted };
}
