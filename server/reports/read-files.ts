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

/** The cell to the right of a header-block label. */
export function cellLabelled(sheet: ExcelJS.Worksheet, label: string): ExcelJS.Cell | undefined {
  let found: ExcelJS.Cell | undefined;
  sheet.eachRow((row) => {
    row.eachCell((cell, column) => {
      if (!found && cell.value === label) found = row.getCell(column + 1);
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
