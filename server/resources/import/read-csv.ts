// CSV packing lists as offices save them: UTF-8 (with or without BOM), UTF-16 (Excel's "Unicode
// text"), else Windows-1252 (Excel on Windows in Spain) or Mac Roman (older Excel on a Mac), whichever
// makes the header readable; ";", ",", tab or "|" as delimiter, the one under which a header row is
// found (Excel's "sep=;" first line is obeyed); quoted fields as RFC 4180 (separators and line breaks
// inside quotes), CRLF or LF. A ";" file is from a decimal-comma locale: that decides numbers like
// "1.234" that nothing else in the file decides; a "," file only a quoted "1,234" (numbers.ts).
import { readFile } from 'node:fs/promises';
import { fieldError, ValidationError } from '../../http/errors.js';
import { type Message, say } from '../../i18n/message.js';
import { columnLetter, mapHeader } from './headers.js';
import { checkCsvText, withinLimits } from './limits.js';
import type { ImpliedMarks } from './numbers.js';
import { type SheetRow, tooManyRows } from './read-xlsx.js';

export interface CsvSheet {
  rows: SheetRow[];
  delimiter: string;
  /** The decimal marks the delimiter implies (numbers.ts): none for tab and "|". */
  implied: ImpliedMarks;
}

const DELIMITERS = [';', ',', '\t', '|'] as const;
const SNIFF_BYTES = 64 * 1024;

/** The texts a file may be, most likely first: UTF-16 by its BOM, UTF-8 when valid, else 8-bit codes. */
function decodings(bytes: Buffer): string[] {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return [new TextDecoder('utf-16le').decode(bytes)];
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return [new TextDecoder('utf-16be').decode(bytes)];
  try {
    return [new TextDecoder('utf-8', { fatal: true }).decode(bytes)];
  } catch {
    return [new TextDecoder('windows-1252').decode(bytes), new TextDecoder('macintosh').decode(bytes)];
  }
}

type Parse = typeof import('csv-parse/sync').parse;
type Options = import('csv-parse/sync').Options;

function parseWith(parse: Parse, text: string, delimiter: string, more: Options = {}): string[][] {
  return parse(text, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    ...more,
  }) as string[][];
}

/** How many fields the best header row among the first 20 records names under this delimiter. */
function headerScore(parse: Parse, text: string, delimiter: string): number {
  const window = text.slice(0, SNIFF_BYTES);
  // Past the limits under this delimiter: not parsed (a 64 KB record costs the parser dearly).
  if (!withinLimits(window, delimiter)) return 0;
  let records: string[][];
  try {
    records = parseWith(parse, window, delimiter, { to: 20 });
  } catch {
    // A record cut at the sniff window's end, or quotes this delimiter does not explain.
    return 0;
  }
  let best = 0;
  for (const cells of records) {
    const { columns } = mapHeader(cells);
    if (columns.some((column) => column.field === 'reference')) best = Math.max(best, columns.length);
  }
  return best;
}

/** The delimiter the first line uses most, outside quotes (when no header decides). */
function sniffDelimiter(text: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0, '|': 0 };
  let quoted = false;
  for (const char of text.slice(0, SNIFF_BYTES)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char]++;
  }
  const [best, count] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0] ?? [',', 0];
  return count > 0 ? best : ',';
}

/** The text, delimiter and rows to skip: the decoding and delimiter under which the header is found. */
function choose(parse: Parse, texts: string[]): { text: string; delimiter: string } {
  let chosen = { text: texts[0] ?? '', delimiter: '', score: 0 };
  for (const decoded of texts) {
    const text = decoded.replace(/^\uFEFF/, '');
    const sep = /^sep=(.)\r?\n/i.exec(text);
    if (sep) {
      const score = headerScore(parse, text.slice(sep[0].length), sep[1]);
      if (score > chosen.score) chosen = { text: text.slice(sep[0].length), delimiter: sep[1], score };
      continue;
    }
    for (const delimiter of DELIMITERS) {
      const score = headerScore(parse, text, delimiter);
      if (score > chosen.score) chosen = { text, delimiter, score };
    }
  }
  if (chosen.delimiter) return chosen;
  const text = (texts[0] ?? '').replace(/^\uFEFF/, '');
  return { text, delimiter: sniffDelimiter(text) };
}

/**
 * In a "," file a number written with an unquoted decimal comma ("12,5") splits into two cells and
 * shifts every cell after it: a row with values past the header's last column is refused, never read.
 */
function refuseSplitNumbers(rows: SheetRow[]): void {
  const headerIndex = rows
    .slice(0, 20)
    .findIndex(({ cells }) => mapHeader(cells).columns.some((column) => column.field === 'reference'));
  const header = rows[headerIndex];
  if (!header) return;
  // Excel pads every line to the sheet's used range: a column of notes without a header has its
  // (empty) header field, so only a line longer than the header line is a split.
  const width = header.cells.length;
  const problems: Message[] = [];
  for (const { row, cells } of rows.slice(headerIndex + 1)) {
    const beyond = cells.findIndex((cell, index) => index >= width && cell.trim() !== '');
    if (beyond >= 0) problems.push(say('csv.split', { row, column: columnLetter(beyond) }));
  }
  if (problems.length > 0) throw new ValidationError({ file: problems.slice(0, 500) });
}

/**
 * The records that hold a value, each with its row as Excel shows it (a record with a quoted line
 * break is one row). Empty lines (Excel's ";;;;" rows, thousands of them below a formatted range) are
 * not rows of the list and do not count; past maxRows rows below the header, `tooMany`.
 */
function filledRows(parse: Parse, text: string, delimiter: string, maxRows: number) {
  const rows: SheetRow[] = [];
  let tooMany = false;
  parseWith(parse, text, delimiter, {
    on_record: (cells: string[], context) => {
      if (tooMany || cells.every((cell) => cell.trim() === '')) return null;
      // The header and maxRows rows below it are allowed.
      if (rows.length > maxRows) tooMany = true;
      else rows.push({ row: context.records, cells });
      return null;
    },
  });
  return { rows, tooMany };
}

export async function readCsv(path: string, maxRows: number): Promise<CsvSheet> {
  const bytes = await readFile(path);
  if (bytes.length === 0) throw fieldError('file', say('upload.empty'));
  const texts = decodings(bytes);
  if (texts.some((text) => text.includes('\u0000'))) throw fieldError('file', say('csv.not_list'));
  const { parse } = await import('csv-parse/sync');
  const { text, delimiter } = choose(parse, texts);
  checkCsvText(text, delimiter);
  let read: { rows: SheetRow[]; tooMany: boolean };
  try {
    read = filledRows(parse, text, delimiter, maxRows);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw fieldError('file', say('csv.unreadable', { detail }));
  }
  if (read.tooMany) throw tooManyRows(maxRows);
  if (delimiter === ',') refuseSplitNumbers(read.rows);
  const implied: ImpliedMarks =
    delimiter === ';' ? { '.': ',', ',': ',' } : delimiter === ',' ? { ',': '.' } : {};
  return { rows: read.rows, delimiter, implied };
}
