// Numbers typed in packing lists, in whichever locale the office wrote them. The rule, so that no
// weight is ever read wrong without a word:
// - a cell the spreadsheet holds as a number is exact (no locale involved);
// - text with both "," and "." ("1.234,5", "1,234.5"): the last one is the decimal mark, the other
//   groups thousands (in groups of 3, else it is not a number);
// - one kind repeated ("1.234.567"): thousands groups; an integer;
// - one separator that cannot be a thousands group ("12,5", "0,125", "1234,567", ",5"): the decimal
//   mark;
// - one separator with exactly 3 digits after 1-3 digits ("1,234", "18.000"): ambiguous. It takes the
//   decimal mark the rest of the file shows (its unambiguous numbers); when those show none, the mark
//   the format implies (ImpliedMarks: a ";" CSV is a decimal-comma locale; a "," CSV decides only a
//   quoted "1,234" as a thousands comma, since Google Sheets and LibreOffice write "," files in every
//   locale, so "18.000" there may be 18 or 18000); when nothing decides, the cell is refused, naming its
//   row and column.
// Spaces, no-break spaces and apostrophes as thousands separators, and a trailing "kg" (in a column of
// tonnes: "t", "Tm"...), are dropped.
//
// Kept over a library (issue 22's review): number parsers (Intl-based ones, numeral, globalize,
// parse-decimal-number) are told the locale beforehand and read every cell by it. A packing list does
// not say its locale, and reading by a guessed one turns "18.000" t into 18 or 18,000 without a word.
// No library infers the mark from the file's own unambiguous numbers, nor refuses the cell it cannot
// decide, naming it; that inference is the point of this module.
import { type Message, say } from '../../i18n/message.js';

export type DecimalMark = ',' | '.';

/** For an ambiguous number written with this separator, the decimal mark the file's format implies. */
export type ImpliedMarks = Partial<Record<DecimalMark, DecimalMark>>;

export type Reading =
  /** A number: its text with "." as decimal mark; `shows` the decimal mark it proves the file uses. */
  | { kind: 'number'; value: string; shows?: DecimalMark }
  /**
   * "1,234": 1.234 with `separator` as decimal mark, or 1234 with it as thousands separator;
   * `numberCell`: it may be a spreadsheet number that the reader gave as text (then it is 1.234).
   */
  | {
      kind: 'ambiguous';
      separator: DecimalMark;
      sign: string;
      whole: string;
      fraction: string;
      numberCell?: boolean;
    }
  /** Not a number: left as typed for the schema to refuse. */
  | { kind: 'text'; value: string };

const other = (mark: DecimalMark): DecimalMark => (mark === ',' ? '.' : ',');
const grouped = (text: string, separator: string) =>
  new RegExp(`^\\d{1,3}(\\${separator}\\d{3})+$`).test(text);

/** A spreadsheet number as plain decimal text (no float noise, no exponent for ordinary values). */
export function nativeNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
}

// The text a JS number becomes ("1234.5", "1.234", "-7"): no grouping, no trailing zero after the point.
const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/**
 * What a reader that gives a spreadsheet's number cells as text hands over: a text such as "1234.5"
 * may be a number cell, so it proves no locale, and "1.234" may be the number 1.234.
 */
export function readNumberOrCell(text: string, unit?: 't'): Reading {
  const reading = readNumber(text, unit);
  if (!NUMBER_TEXT.test(text.trim())) return reading;
  if (reading.kind === 'number') return { kind: 'number', value: reading.value };
  return reading.kind === 'ambiguous' ? { ...reading, numberCell: true } : reading;
}

const KILOGRAMS = /\s*kgs?\.?$/i;
const TONNES = /\s*(t|tn|tm|t\.m|mt|tons?|tonnes?|toneladas?)\.?$/i;

/** What a number cell's text says, on its own (`unit`: the column is in tonnes). */
export function readNumber(raw: string, unit?: 't'): Reading {
  const compact = raw
    .trim()
    .replace(unit === 't' ? TONNES : KILOGRAMS, '')
    .replace(/[\s\u00a0\u202f']/g, '');
  const match = /^([+-]?)([\d.,]*\d[\d.,]*)$/.exec(compact);
  if (!match) return { kind: 'text', value: raw.trim() };
  const [, sign, body] = match;
  const commas = body.split(',').length - 1;
  const dots = body.split('.').length - 1;
  if (commas === 0 && dots === 0) return { kind: 'number', value: sign + body };
  if (commas > 0 && dots > 0) {
    const mark: DecimalMark = body.lastIndexOf(',') > body.lastIndexOf('.') ? ',' : '.';
    const [whole, fraction, ...rest] = body.split(mark);
    if (rest.length > 0 || !fraction || !grouped(whole, other(mark)))
      return { kind: 'text', value: raw.trim() };
    return { kind: 'number', value: `${sign}${whole.split(other(mark)).join('')}.${fraction}`, shows: mark };
  }
  const separator: DecimalMark = commas > 0 ? ',' : '.';
  const parts = body.split(separator);
  if (parts.length > 2) {
    if (!grouped(body, separator)) return { kind: 'text', value: raw.trim() };
    return { kind: 'number', value: sign + parts.join(''), shows: other(separator) };
  }
  const [whole, fraction] = parts;
  if (fraction === '') return { kind: 'number', value: sign + whole };
  if (fraction.length !== 3 || whole === '' || whole.startsWith('0') || whole.length > 3)
    return { kind: 'number', value: `${sign}${whole || '0'}.${fraction}`, shows: separator };
  return { kind: 'ambiguous', separator, sign, whole, fraction };
}

/**
 * The file's decimal mark: the one its unambiguous numbers show if they show only one; if they show
 * none, the one its format implies (`hint`); null (undecided) when they show both or nothing decides.
 */
export function decideMark(shown: ReadonlySet<DecimalMark>, hint: DecimalMark | null): DecimalMark | null {
  if (shown.size === 1) return [...shown][0] ?? null;
  return shown.size === 0 ? hint : null;
}

/** An ambiguous reading under the file's decimal mark: the number, or why it cannot be read. */
export function resolveAmbiguous(
  reading: Extract<Reading, { kind: 'ambiguous' }>,
  mark: DecimalMark | null,
  shown: ReadonlySet<DecimalMark>,
): { value: string } | { problem: Message } {
  const { sign, whole, fraction, separator } = reading;
  if (mark === separator) return { value: `${sign}${whole}.${fraction}` };
  const typed = `${sign}${whole}${separator}${fraction}`;
  if (mark !== null && reading.numberCell)
    return {
      problem: say('number.ambiguous_cell', {
        typed,
        decimal: `${sign}${whole}.${fraction}`,
        whole: `${sign}${whole}${fraction}`,
        mark,
        again: `${sign}${whole}${fraction}`,
        marked: `${sign}${whole}${mark}${fraction}`,
      }),
    };
  if (mark !== null) return { value: `${sign}${whole}${fraction}` };
  return {
    problem: say('number.ambiguous', {
      typed,
      decimal: `${sign}${whole}.${fraction}`,
      whole: `${sign}${whole}${fraction}`,
      why: say(shown.size > 1 ? 'number.why_both' : 'number.why_none'),
      again: `${sign}${whole}${fraction}`,
      fourth: `${typed}0`,
    }),
  };
}

/** A weight in tonnes, as decimal text, in kilograms (the point moved, no float rounding). */
export function tonnesToKilograms(value: string): string {
  const found = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value);
  if (!found) return value;
  const [, sign, whole, fraction = ''] = found;
  const digits = `${whole}${fraction.padEnd(3, '0').slice(0, 3)}`.replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(3);
  return `${sign}${digits}${rest ? `.${rest}` : ''}`;
}
