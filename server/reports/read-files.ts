// Test helpers: POST for a file, open a spreadsheet with ExcelJS, read a PDF's text with pdf.js.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ExcelJS from 'exceljs';

export interface FileResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

export async function postForFile(
  baseUrl: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<FileResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Token ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

export async function openXlsx(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** The sheet's rows as arrays of cell values (index 0 is column A). */
export function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    const values: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cell.value;
    });
    rows.push(values);
  });
  return rows;
}

/** The first row whose first cell is `first`. */
export function rowStarting(sheet: ExcelJS.Worksheet, first: string, from = 0): unknown[] | undefined {
  return rowsOf(sheet)
    .slice(from)
    .find((row) => row[0] === first);
}

/** The value cell of a header-block label (past the label's own merged cells). */
export function cellLabelled(sheet: ExcelJS.Worksheet, label: string): ExcelJS.Cell | undefined {
  let found: ExcelJS.Cell | undefined;
  sheet.eachRow((row) => {
    row.eachCell((cell, column) => {
      if (found || cell.value !== label || cell.master.address !== cell.address) return;
      let next = column + 1;
      while (row.getCell(next).master.address === cell.address) next++;
      found = row.getCell(next).master;
    });
  });
  return found;
}

const require = createRequire(import.meta.url);

/** The text of each page of a PDF, items joined by spaces. */
export async function pdfPages(bytes: Buffer): Promise<{ text: string; items: PdfItem[]; width: number }[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts, verbosity: 0 })
    .promise;
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const items = content.items.flatMap((item) =>
      'str' in item ? [{ str: item.str, x: item.transform[4] as number, width: item.width }] : [],
    );
    pages.push({ text: items.map((item) => item.str).join(' '), items, width: page.view[2] ?? 0 });
  }
  return pages;
}

export interface PdfItem {
  str: string;
  x: number;
  width: number;
}

/** What a sheet says about printing: orientation, fit, repeated rows, margins, header and footer. */
export function printSetup(sheet: ExcelJS.Worksheet) {
  const { pageSetup, headerFooter } = sheet;
  return {
    orientation: pageSetup.orientation,
    paperSize: pageSetup.paperSize,
    fitToPage: pageSetup.fitToPage,
    fitToWidth: pageSetup.fitToWidth,
    fitToHeight: pageSetup.fitToHeight,
    printTitlesRow: pageSetup.printTitlesRow,
    margins: pageSetup.margins,
    header: headerFooter.oddHeader,
    footer: headerFooter.oddFooter,
  };
}

/** The number of the first row whose first cell is `first`. */
export function rowNumber(sheet: ExcelJS.Worksheet, first: string): number {
  let found = 0;
  sheet.eachRow((row, number) => {
    if (!found && row.getCell(1).value === first) found = number;
  });
  return found;
}

/** A date read from a cell (ExcelJS gives the wall time as UTC fields) as 'dd/MM/yyyy HH:mm'. */
export function wall(value: unknown): string {
  if (!(value instanceof Date)) return `not a date: ${String(value)}`;
  const iso = value.toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}
