// Pure parsers for the value kinds the domain stores. Each answers the canonical form (the same
// text the database gives back) or the message for the user. No floating point touches decimals.
import { messages } from './messages';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export interface DecimalOptions {
  allowNegative?: boolean;
}

/**
 * A decimal given as text ('12.5') or as a JS number typed by a person (12.5), answered as text
 * with exactly `scale` decimals ('12.500'), like PostgreSQL's numeric(precision, scale).
 * A number is read through its shortest round-trip text, so 0.1 stays 0.1; exponents are refused.
 */
export function parseDecimal(
  input: unknown,
  precision: number,
  scale: number,
  options: DecimalOptions = {},
): Parsed<string> {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return fail(messages.number);
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return fail(messages.number);
  }
  const match = DECIMAL.exec(text);
  if (!match) return fail(messages.number);
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return fail(messages.number);
  const wholeDigits = whole.replace(/^0+/, '');
  const fractionDigits = fraction.replace(/0+$/, '');
  const isZero = wholeDigits === '' && fractionDigits === '';
  const negative = sign === '-' && !isZero;
  if (negative && !options.allowNegative) return fail(messages.minValue(0));
  if (fractionDigits.length > scale) return fail(messages.maxDecimalPlaces(scale));
  if (wholeDigits.length + Math.max(fractionDigits.length, 0) > precision) {
    return fail(messages.maxDigits(precision));
  }
  if (wholeDigits.length > precision - scale) return fail(messages.maxWholeDigits(precision - scale));
  const canonical = `${wholeDigits || '0'}${scale > 0 ? `.${fractionDigits.padEnd(scale, '0')}` : ''}`;
  return ok(negative ? `-${canonical}` : canonical);
}

/** Compares two decimal texts exactly: negative, zero or positive like a sort comparator. */
export function compareDecimal(a: string, b: string): number {
  const negA = a.startsWith('-');
  const negB = b.startsWith('-');
  if (negA !== negB) return negA ? -1 : 1;
  const magnitude = compareMagnitude(a.replace(/^[+-]/, ''), b.replace(/^[+-]/, ''));
  return negA ? -magnitude : magnitude;
}

function compareMagnitude(a: string, b: string): number {
  const [wa = '', fa = ''] = a.split('.');
  const [wb = '', fb = ''] = b.split('.');
  const wholeA = wa.replace(/^0+/, '');
  const wholeB = wb.replace(/^0+/, '');
  if (wholeA.length !== wholeB.length) return wholeA.length - wholeB.length;
  if (wholeA !== wholeB) return wholeA < wholeB ? -1 : 1;
  const width = Math.max(fa.length, fb.length);
  const fracA = fa.padEnd(width, '0');
  const fracB = fb.padEnd(width, '0');
  return fracA === fracB ? 0 : fracA < fracB ? -1 : 1;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function calendarCheck(year: number, month: number, day: number, text: string): string | null {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > 31) return messages.date;
  if (day > daysInMonth(year, month)) return messages.noSuchDate(text);
  return null;
}

/** A calendar date as 'yyyy-MM-dd'; 2026-02-30 is refused by name. */
export function parseDateOnly(input: unknown): Parsed<string> {
  if (typeof input !== 'string') return fail(messages.date);
  const text = input.trim();
  const match = DATE.exec(text);
  if (!match) return fail(messages.date);
  const problem = calendarCheck(Number(match[1]), Number(match[2]), Number(match[3]), text);
  return problem ? fail(problem) : ok(text);
}

/**
 * A date-time in ISO 8601 ('2026-11-22T10:15', with or without seconds, fractions and zone; a
 * space may stand for the T), answered as UTC ISO text ('2026-11-22T10:15:00.000Z'), the form
 * the server reads back from timestamptz. A date-time without a zone is taken as UTC.
 */
export function parseDateTime(input: unknown): Parsed<string> {
  if (typeof input !== 'string') return fail(messages.dateTime);
  const text = input.trim();
  const match = DATE_TIME.exec(text);
  if (!match) return fail(messages.dateTime);
  const [, y, mo, d, h, mi, s = '0', frac = '', zone = 'Z'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const dateProblem = calendarCheck(year, month, day, `${y}-${mo}-${d}`);
  if (dateProblem) return fail(dateProblem === messages.date ? messages.dateTime : dateProblem);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (hour > 23 || minute > 59 || second > 59) return fail(messages.dateTime);
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const offH = Number(digits.slice(0, 2));
    const offM = Number(digits.slice(2, 4));
    if (offH > 23 || offM > 59) return fail(messages.dateTime);
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (offH * 60 + offM);
  }
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000;
  const date = new Date(utc);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999) return fail(messages.dateTime);
  // Date.UTC maps years 0-99 to 1900-1999; years that low are typing mistakes anyway.
  if (year < 100) return fail(messages.dateTime);
  return ok(date.toISOString());
}

/** A time of day as 'HH:mm' ('HH:mm:ss' accepted, seconds dropped: the screens work in minutes). */
export function parseTimeOfDay(input: unknown): Parsed<string> {
  if (typeof input !== 'string') return fail(messages.time);
  const match = TIME.exec(input.trim());
  if (!match) return fail(messages.time);
  const [, h, m, s = '0'] = match;
  if (Number(h) > 23 || Number(m) > 59 || Number(s) > 59) return fail(messages.time);
  return ok(`${h}:${m}`);
}

const INT_MAX = 2_147_483_647;

/** A whole number within PostgreSQL's integer, given as a number or as digits. */
export function parseInteger(input: unknown, min: number | null = 0): Parsed<number> {
  let value: number;
  if (typeof input === 'number') value = input;
  else if (typeof input === 'string' && /^\s*[+-]?\d+\s*$/.test(input)) value = Number(input);
  else return fail(messages.integer);
  if (!Number.isInteger(value)) return fail(messages.integer);
  if (min !== null && value < min) return fail(messages.minValue(min));
  if (value < -INT_MAX - 1) return fail(messages.minValue(-INT_MAX - 1));
  if (value > INT_MAX) return fail(messages.maxValue(INT_MAX));
  return ok(value);
}
