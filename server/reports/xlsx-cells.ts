// What a report cell holds and how it looks. Texts are string cells in Text format, so a value such
// as '=HYPERLINK(...)' stays text on opening and on editing (no formula is ever written); numbers and
// dates are real numbers and dates with a format (units as integers, tonnes and hours with 2
// decimals), never text.
import type ExcelJS from 'exceljs';
import { NO_VALUE, round2 } from '../../src/domain/ratios/index.js';
import { wallInstant } from '../../src/domain/time.js';
import type { Clock } from './format.js';

type NumberFormat = 'hours' | 'ratio' | 'tons' | 'units' | 'decimal3' | 'kg' | 'integer';
export type DateFormat = 'date' | 'datetime' | 'time';

/** A cell value: text, a number with its format, a local date-time, or nothing. */
export type CellValue =
  | string
  | number
  | null
  | { value: number | null; format: NumberFormat }
  | { wall: number; format: DateFormat };

const NUMBER_FORMATS: Record<NumberFormat | DateFormat, string> = {
  hours: '#,##0.00',
  ratio: '#,##0.00',
  tons: '#,##0.00',
  units: '#,##0',
  decimal3: '#,##0.000',
  kg: '#,##0.000',
  integer: '0',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
  time: 'hh:mm',
};

/** Hours to 2 decimals, or '—' when there is none (a ratio over zero time). */
export const hours = (value: number | null): CellValue =>
  value === null ? NO_VALUE : { value: round2(value), format: 'hours' };
export const ratio = (value: number | null): CellValue =>
  value === null ? NO_VALUE : { value: round2(value), format: 'ratio' };
/** Tonnes (a 2-decimal text from the domain, already rounded to add up). */
export const tons = (text: string): CellValue => ({ value: Number(text), format: 'tons' });
/** A unit count: an integer format, or 3 decimals when the count has a fraction (never hidden). */
export const units = (text: string | number): CellValue => {
  const value = Number(text);
  return { value, format: Number.isInteger(value) ? 'units' : 'decimal3' };
};
/** Kilograms as stored (3 decimals). */
export const kg = (text: string | null): CellValue =>
  text === null ? null : { value: Number(text), format: 'kg' };
export const integer = (value: number): CellValue => ({ value, format: 'integer' });

/** A date-time (ISO UTC) as the local date, date and time, or time of the clock's zone; null when missing. */
export function when(
  iso: string | null | undefined,
  clock: Clock,
  format: DateFormat = 'datetime',
): CellValue {
  const at = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(at) ? { wall: wallInstant(at, clock.timeZone), format } : null;
}

/** A calendar date 'yyyy-MM-dd' as a date cell. */
export function day(date: string | null | undefined): CellValue {
  const at = date ? Date.parse(`${date.slice(0, 10)}T00:00:00Z`) : Number.NaN;
  return Number.isFinite(at) ? { wall: at, format: 'date' } : null;
}

/** How a cell looks besides its number format. */
export type Look =
  | 'plain'
  | 'company'
  | 'title'
  | 'subtitle'
  | 'heading'
  | 'label'
  | 'value'
  | 'header'
  | 'cell'
  | 'total'
  | 'note'
  | 'signature';

const THIN: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FF9AA4B2' } };
const BOX: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const INK = 'FF1F2937';

const LOOKS: Record<Look, Partial<ExcelJS.Style>> = {
  plain: {},
  company: { font: { bold: true, size: 10, color: { argb: 'FF475467' } } },
  title: { font: { bold: true, size: 16, color: { argb: INK } } },
  subtitle: { font: { italic: true, size: 9, color: { argb: 'FF475467' } } },
  heading: { font: { bold: true, size: 12, color: { argb: INK } } },
  label: {
    font: { bold: true, size: 10 },
    fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F4F7' } },
    border: BOX,
    alignment: { vertical: 'top' },
  },
  value: { border: BOX, alignment: { vertical: 'top', wrapText: true, horizontal: 'left' } },
  header: {
    font: { bold: true, color: { argb: 'FFFFFFFF' } },
    fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A5F' } },
    alignment: { wrapText: true, vertical: 'middle' },
    border: BOX,
  },
  cell: { border: BOX, alignment: { vertical: 'top' } },
  total: {
    font: { bold: true },
    fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF5' } },
    border: { ...BOX, top: { style: 'double', color: { argb: INK } } },
  },
  note: {
    font: { italic: true, size: 9, color: { argb: 'FF475467' } },
    alignment: { wrapText: true, vertical: 'top' },
  },
  signature: { border: { top: { style: 'thin', color: { argb: INK } } }, alignment: { vertical: 'top' } },
};

// One style object per look and format, shared by every cell that has it: ExcelJS looks a style
// object up by identity before serialising it, and 20,000 rows of per-cell style objects spent most of
// a report's CPU time there (and in the garbage collector).
const styles = new Map<string, Partial<ExcelJS.Style>>();

function styleOf(look: Look, numFmt: string | undefined): Partial<ExcelJS.Style> {
  const key = `${look}|${numFmt ?? ''}`;
  let style = styles.get(key);
  if (!style) {
    style = numFmt ? { ...LOOKS[look], numFmt } : { ...LOOKS[look] };
    styles.set(key, style);
  }
  return style;
}

/** Sets a cell's value and style. A string in Text format ('@') is never evaluated, not even after an edit. */
export function put(cell: ExcelJS.Cell, value: CellValue, look: Look = 'plain') {
  if (value === null) {
    cell.style = styleOf(look, undefined);
    return;
  }
  if (typeof value === 'string') {
    cell.style = styleOf(look, '@');
    cell.value = value;
  } else if (typeof value === 'number') {
    cell.style = styleOf(look, undefined);
    cell.value = value;
  } else if ('wall' in value) {
    cell.style = styleOf(look, NUMBER_FORMATS[value.format]);
    cell.value = new Date(value.wall);
  } else if (value.value === null) {
    cell.style = styleOf(look, '@');
    cell.value = NO_VALUE;
  } else {
    cell.style = styleOf(look, NUMBER_FORMATS[value.format]);
    cell.value = value.value;
  }
}
