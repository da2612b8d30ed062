// A database error a write caused, as the 400 a client can act on: integrity (SQLSTATE class 23: not
// null, unique, foreign key, CHECK) and data errors (class 22: out of range, invalid text) name the field
// when the error says which (its column, the key of a unique or foreign key, the CHECK's name), so one bad
// value never answers 500 and never fails a whole sync batch.

import { type Message, say } from '../i18n/message.js';
import { type FieldErrors, ValidationError } from './errors.js';

interface PgError {
  code?: unknown;
  column?: unknown;
  constraint?: unknown;
  table?: unknown;
  detail?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The column an error names: its own, the last of a key's ("Key (project, reference)=..."), or a CHECK's. */
function columnOf(error: PgError): string | undefined {
  const column = text(error.column);
  if (column) return column;
  const key = /^Key \((.+?)\)=/.exec(text(error.detail) ?? '');
  if (key) {
    const last = key[1].split(',').at(-1)?.trim() ?? '';
    // An index on an expression: lower(username).
    return /^(?:\w+\()?(\w+)\)?$/.exec(last)?.[1];
  }
  const constraint = text(error.constraint);
  const table = text(error.table);
  if (constraint && table && constraint.startsWith(`${table}_`)) {
    const middle = constraint.slice(table.length + 1).replace(/_(check|key|fkey)$/, '');
    return /^\w+$/.test(middle) ? middle : undefined;
  }
  return undefined;
}

function message(code: string, named: boolean): Message {
  if (code === '23502') return say('field.null');
  if (code === '23505') return say('record.exists');
  if (code === '23503') return say('record.reference');
  return named ? say('field.value') : say('record.value');
}

/**
 * The field errors of an integrity or data error, naming a field of `fields` (or, without them, any
 * column the error names); undefined for any other error.
 */
export function databaseRefusal(error: unknown, fields?: readonly string[]): ValidationError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const code = text((error as PgError).code) ?? '';
  if (!/^2[23][0-9A-Z]{3}$/.test(code)) return undefined;
  const column = columnOf(error as PgError);
  const field = column && (!fields || fields.includes(column)) ? column : undefined;
  const errors: FieldErrors = { [field ?? 'non_field_errors']: [message(code, field !== undefined)] };
  return new ValidationError(errors);
}
