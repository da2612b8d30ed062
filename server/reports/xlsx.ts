// Writing report sheets ready to print: a title block, a header block of label/value pairs, tables
// with borders and totals; each sheet set up for A4 (landscape or portrait, one page wide, margins,
// the table header repeated on every page, a page header with the company and the document and a
// footer with the time zone and "page x of y"). Sheets are streamed (ExcelJS's workbook writer): rows
// are committed as soon as they are written, so 20,000 rows never sit in memory and the ZIP is made
// by Node's zlib.
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { onFirstUse } from '../lazy-module.js';
import { type CellValue, type Look, put } from './xlsx-cells.js';

export {
  type CellValue,
  day,
  hours,
  integer,
  kg,
  ratio,
  tons,
  units,
  when,
} from './xlsx-cells.js';

export interface Column {
  header: string;
}

export interface TableOptions {
  totals?: readonly CellValue[];
  /** Shown in the first cell when there are no rows. */
  empty?: string;
  /** Repeat this table's header row at the top of every printed page (the sheet's long table). */
  repeatHeader?: boolean;
  /** A line under the table: how its totals are made when they are not the sum of the rows. */
  note?: string;
}

/** Writes one sheet top to bottom; rows above the current one are committed (written out). */
export class SheetWriter {
  private row = 1;
  private committed = 0;

  constructor(
    readonly sheet: ExcelJS.Worksheet,
    /** Columns the title block and notes span. */
    readonly width: number,
  ) {}

  /** Commits the rows above the current one (a streamed sheet writes them out and forgets them). */
  flush() {
    if (this.row - 1 > this.committed) {
      this.sheet.getRow(this.row - 1).commit();
      this.committed = this.row - 1;
    }
  }

  /** Moves `count` rows down, leaving them empty. */
  skip(count: number) {
    this.row += count;
  }

  /** The next row to be written. */
  get nextRow(): number {
    return this.row;
  }

  /** A text across the sheet's width (merged cells). */
  private line(text: string, look: Look, height?: number) {
    put(this.sheet.getCell(this.row, 1), text, look);
    if (this.width > 1) this.sheet.mergeCells(this.row, 1, this.row, this.width);
    if (height) this.sheet.getRow(this.row).height = height;
    this.row++;
  }

  /** The title block: company, document title, and what the times are (generated, zone). */
  titleBlock(company: string, title: string, subtitle: string) {
    this.line(company, 'company');
    this.line(title, 'title', 24);
    this.line(subtitle, 'subtitle');
    this.row++;
  }

  heading(text: string) {
    put(this.sheet.getCell(this.row, 1), text, 'heading');
    this.sheet.getRow(this.row).height = 20;
    this.row++;
  }

  /** A small italic line across the sheet, as tall as its wrapped text needs. */
  note(text: string) {
    let room = 0;
    for (let column = 1; column <= this.width; column++) room += this.sheet.getColumn(column).width ?? 10;
    this.line(text, 'note', 13 * Math.max(1, Math.ceil((text.length * 1.05) / Math.max(room, 10))) + 2);
  }

  /**
   * Label/value pairs in bordered cells, two pairs per row: each half of the sheet's width holds a label
   * (its first column) and a value merged over the rest of the half, so long values have room.
   */
  fields(pairs: readonly (readonly [string, CellValue])[]) {
    const half = Math.max(2, Math.floor(this.width / 2));
    const wide = this.width >= 4;
    pairs.forEach(([label, value], index) => {
      const right = wide && index % 2 === 1;
      const first = right ? half + 1 : 1;
      const last = right ? this.width : wide ? half : this.width;
      // A narrow first column takes the next one for the label too (when the half has room for it).
      const narrow = (this.sheet.getColumn(first).width ?? 10) < 18 && last - first >= 3;
      const valueAt = narrow ? first + 2 : first + 1;
      put(this.sheet.getCell(this.row, first), label, 'label');
      if (narrow) {
        put(this.sheet.getCell(this.row, first + 1), null, 'label');
        this.sheet.mergeCells(this.row, first, this.row, first + 1);
      }
      put(this.sheet.getCell(this.row, valueAt), value ?? '', 'value');
      for (let column = valueAt + 1; column <= last; column++)
        put(this.sheet.getCell(this.row, column), null, 'value');
      if (last > valueAt) this.sheet.mergeCells(this.row, valueAt, this.row, last);
      if (!wide || right || index === pairs.length - 1) this.row++;
    });
    this.row++;
  }

  /** A table: header row, bordered rows, a totals row when given; an empty table says so. */
  table(columns: readonly Column[], rows: Iterable<readonly CellValue[]>, options: TableOptions = {}) {
    const header = this.sheet.getRow(this.row);
    columns.forEach((column, index) => {
      put(header.getCell(index + 1), column.header, 'header');
    });
    header.height = headerHeight(columns, this.sheet);
    if (options.repeatHeader) this.sheet.pageSetup.printTitlesRow = `${this.row}:${this.row}`;
    this.row++;
    let count = 0;
    for (const values of rows) {
      const row = this.sheet.getRow(this.row);
      for (let index = 0; index < columns.length; index++)
        put(row.getCell(index + 1), values[index] ?? null, 'cell');
      this.row++;
      count++;
      this.flush();
    }
    if (count === 0 && options.empty) {
      put(this.sheet.getCell(this.row, 1), options.empty, 'cell');
      if (columns.length > 1) this.sheet.mergeCells(this.row, 1, this.row, columns.length);
      this.row++;
    }
    if (options.totals) {
      const row = this.sheet.getRow(this.row);
      options.totals.forEach((value, index) => {
        put(row.getCell(index + 1), value, 'total');
      });
      this.row++;
    }
    if (options.note) this.note(options.note);
    this.row++;
  }

  /** Lines to sign on: room above, then a rule with its label under it, the labels side by side. */
  signatureLines(labels: readonly string[], room = 4) {
    this.row += room;
    const span = Math.max(1, Math.floor((this.width + 1) / labels.length));
    labels.forEach((label, index) => {
      const first = 1 + index * span;
      const last = Math.min(this.width, first + span - 2);
      put(this.sheet.getCell(this.row, first), label, 'signature');
      for (let column = first + 1; column <= last; column++)
        put(this.sheet.getCell(this.row, column), null, 'signature');
      if (last > first) this.sheet.mergeCells(this.row, first, this.row, last);
    });
    this.row += 2;
  }
}

/** A header row tall enough for its wrapped texts (about 1.1 characters per unit of column width). */
function headerHeight(columns: readonly Column[], sheet: ExcelJS.Worksheet): number {
  let lines = 1;
  columns.forEach((column, index) => {
    const width = sheet.getColumn(index + 1).width ?? 10;
    lines = Math.max(lines, Math.ceil((column.header.length * 1.1) / Math.max(width - 1, 4)));
  });
  return 15 * Math.min(lines, 4) + 3;
}

/** What every printed page of a workbook shows around the cells. */
export interface PageFrame {
  company: string;
  document: string;
  /** The project (or container) the file is about, at the header's right. */
  subject: string;
  /** The time zone statement, at the footer's left. */
  zone: string;
  /** 'Page &P of &N' in the file's language (Excel fills in the numbers). */
  pages: string;
}

export interface SheetOptions {
  landscape?: boolean;
}

/** Text for an Excel header or footer section: '&' doubled, at most `max` characters. */
const headerText = (text: string, max = 80) => text.replaceAll('&', '&&').slice(0, max);

const loadExcel = onFirstUse(async (): Promise<typeof ExcelJS> => (await import('exceljs')).default);

/** A streamed workbook: add sheets (each with its column widths), write them, then take the bytes. */
export class ReportBook {
  private readonly chunks: Buffer[] = [];
  private readonly names = new Set<string>();
  readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;

  /** A new workbook (ExcelJS loads with the first one). */
  static async open(frame?: PageFrame): Promise<ReportBook> {
    return new ReportBook(await loadExcel(), frame);
  }

  private constructor(
    excel: typeof ExcelJS,
    private readonly frame: PageFrame | undefined,
  ) {
    const out = new PassThrough();
    out.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: true,
    });
    this.workbook.creator = frame?.company || 'karbontrack';
    this.workbook.title = frame?.document ?? '';
    this.workbook.created = new Date();
  }

  /** A new sheet, A4 and one page wide; widths are set first, as a streamed sheet writes its columns first. */
  addSheet(wanted: string, widths: readonly number[], options: SheetOptions = {}): SheetWriter {
    const frame = this.frame;
    const sheet = this.workbook.addWorksheet(this.sheetName(wanted), {
      pageSetup: {
        paperSize: 9,
        orientation: options.landscape ? 'landscape' : 'portrait',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        margins: { left: 0.4, right: 0.4, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 },
        horizontalCentered: true,
      },
      headerFooter: frame
        ? {
            oddHeader: `&L&9${headerText(frame.company)}&C&B&10${headerText(frame.document)}&R&9${headerText(frame.subject)}`,
            // `pages` is ours ('Page &P of &N'): its codes stay as they are.
            oddFooter: `&L&8${headerText(frame.zone, 120)}&R&8${frame.pages}`,
          }
        : {},
      views: [{ state: 'normal', showGridLines: false }],
    });
    widths.forEach((width, index) => {
      sheet.getColumn(index + 1).width = width;
    });
    return new SheetWriter(sheet, widths.length);
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
