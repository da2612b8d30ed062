// Writing report sheets: a title, a header block of label/value pairs, tables with totals. Every
// text goes in as a string cell in Text format, so a value such as '=HYPERLINK(...)' stays text on
// opening and on editing (no formula is ever written). Sheets are streamed (ExcelJS's workbook
// writer): rows are committed as soon as they are written, so 20,000 rows never sit in memory and
// the ZIP is made by Node's zlib.
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { NO_VALUE, round2 } from '../../src/domain/ratios/index.js';
import { onFirstUse } from '../lazy-module.js';

/** A cell value: text, a number with its format, or nothing. */
export type CellValue = string | number | null | { value: number | null; format: NumberFormat };
export type NumberFormat = 'hours' | 'decimal2' | 'decimal3' | 'integer';

const NUMBER_FORMATS: Record<NumberFormat, string> = {
  hours: '0.00',
  decimal2: '0.00',
  decimal3: '0.000',
  integer: '0',
};

export interface Column {
  header: string;
  width?: number;
}

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A5F' } };
const TOTAL_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF5' } };

/** A number rounded to 2 decimals, or '—' when there is none (a ratio over zero time). */
export const hours = (value: number | null): CellValue =>
  value === null ? NO_VALUE : { value: round2(value), format: 'hours' };
export const ratio = hours;
/** An exact decimal text ('12.500') as a number cell with its decimals. */
export const decimal = (text: string, format: NumberFormat = 'decimal3'): CellValue => ({
  value: Number(text),
  format,
});
export const integer = (value: number): CellValue => ({ value, format: 'integer' });

// One style object per look, shared by every cell that has it: ExcelJS looks a style object up by
// identity before serialising it to find its id, and 20,000 rows of per-cell style objects spent most
// of a report's CPU time there (and in the garbage collector).
const TEXT_STYLE: Partial<ExcelJS.Style> = { numFmt: '@' };
const PLAIN_STYLE: Partial<ExcelJS.Style> = {};
const NUMBER_STYLES = Object.fromEntries(
  Object.entries(NUMBER_FORMATS).map(([format, numFmt]) => [format, { numFmt }]),
) as Record<NumberFormat, Partial<ExcelJS.Style>>;

function styleOf(value: CellValue): Partial<ExcelJS.Style> {
  // A string in Text format ('@') is never evaluated, not even after the user edits the cell.
  if (typeof value === 'string' || (value !== null && typeof value === 'object' && value.value === null))
    return TEXT_STYLE;
  if (value !== null && typeof value === 'object') return NUMBER_STYLES[value.format];
  return PLAIN_STYLE;
}

/** Sets a cell's value and style; `look` (font, fill...) gives the cell a style of its own. */
function put(cell: ExcelJS.Cell, value: CellValue, look?: Partial<ExcelJS.Style>) {
  const style = styleOf(value);
  cell.style = look ? { ...style, ...look } : style;
  if (value === null) return;
  if (typeof value === 'string' || typeof value === 'number') cell.value = value;
  else cell.value = value.value ?? NO_VALUE;
}

/** Writes one sheet top to bottom; rows above the current one are committed (written out). */
export class SheetWriter {
  private row = 1;
  private committed = 0;

  constructor(readonly sheet: ExcelJS.Worksheet) {}

  /** Commits the rows above the current one (a streamed sheet writes them out and forgets them). */
  flush() {
    if (this.row - 1 > this.committed) {
      this.sheet.getRow(this.row - 1).commit();
      this.committed = this.row - 1;
    }
  }

  /** Moves `count` rows down, leaving them empty (room for signatures). */
  skip(count: number) {
    this.row += count;
  }

  /** The next row to be written. */
  get nextRow(): number {
    return this.row;
  }

  title(text: string, subtitle?: string) {
    put(this.sheet.getCell(this.row, 1), text, { font: { bold: true, size: 14 } });
    this.row++;
    if (subtitle) {
      put(this.sheet.getCell(this.row, 1), subtitle, { font: { italic: true, color: { argb: 'FF555555' } } });
      this.row++;
    }
    this.row++;
  }

  heading(text: string) {
    put(this.sheet.getCell(this.row, 1), text, { font: { bold: true, size: 12 } });
    this.row++;
  }

  /** Label/value pairs, two pairs per row (A:B and D:E). */
  fields(pairs: readonly (readonly [string, CellValue])[]) {
    pairs.forEach(([label, value], index) => {
      const column = index % 2 === 0 ? 1 : 4;
      put(this.sheet.getCell(this.row, column), label, { font: { bold: true } });
      put(this.sheet.getCell(this.row, column + 1), value ?? '');
      if (index % 2 === 1 || index === pairs.length - 1) this.row++;
    });
    this.row++;
  }

  /** A table: header row, rows, and a totals row when given; an empty table says so. */
  table(columns: readonly Column[], rows: readonly (readonly CellValue[])[], options: TableOptions = {}) {
    const header = this.sheet.getRow(this.row);
    columns.forEach((column, index) => {
      put(header.getCell(index + 1), column.header, {
        font: { bold: true, color: { argb: 'FFFFFFFF' } },
        fill: HEADER_FILL,
        alignment: { wrapText: true, vertical: 'middle' },
      });
    });
    this.row++;
    if (rows.length === 0 && options.empty) {
      put(this.sheet.getCell(this.row, 1), options.empty, { font: { italic: true } });
      this.row++;
    }
    for (const values of rows) {
      const row = this.sheet.getRow(this.row);
      values.forEach((value, index) => {
        put(row.getCell(index + 1), value);
      });
      this.row++;
      this.flush();
    }
    if (options.totals) {
      const row = this.sheet.getRow(this.row);
      options.totals.forEach((value, index) => {
        put(row.getCell(index + 1), value, { font: { bold: true }, fill: TOTAL_FILL });
      });
      this.row++;
    }
    this.row++;
  }
}

export interface TableOptions {
  totals?: readonly CellValue[];
  /** Shown in the first cell when there are no rows. */
  empty?: string;
}

const loadExcel = onFirstUse(async (): Promise<typeof ExcelJS> => (await import('exceljs')).default);

/** A streamed workbook: add sheets (each with its column widths), write them, then take the bytes. */
export class ReportBook {
  private readonly chunks: Buffer[] = [];
  private readonly names = new Set<string>();
  readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;

  /** A new workbook (ExcelJS loads with the first one). */
  static async open(): Promise<ReportBook> {
    return new ReportBook(await loadExcel());
  }

  private constructor(excel: typeof ExcelJS) {
    const out = new PassThrough();
    out.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: true,
    });
    this.workbook.creator = 'karbontrack';
    this.workbook.created = new Date();
  }

  /** A new sheet; widths are set first, as a streamed sheet writes its columns before its rows. */
  addSheet(wanted: string, widths: readonly number[]): SheetWriter {
    const sheet = this.workbook.addWorksheet(this.sheetName(wanted));
    widths.forEach((width, index) => {
      sheet.getColumn(index + 1).width = width;
    });
    return new SheetWriter(sheet);
  }

  /** A sheet name Excel accepts: no []:*?/\, at most 31 characters, unique in the workbook. */
  private sheetName(wanted: string): string {
    const base =
      wanted
        .replace(/[[\]:*?/\\]/g, ' ')
        .trim()
        .slice(0, 31) || 'Sheet';
    let name = base;
    for (let n = 2; this.names.has(name.toLowerCase()); n++) name = `${base.slice(0, 27)} (${n})`;
    this.names.add(name.toLowerCase());
    return name;
  }

  async toBuffer(): Promise<Buffer> {
    await this.workbook.commit();
    return Buffer.concat(this.chunks);
  }
}
