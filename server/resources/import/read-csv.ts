// CSV packing lists: UTF-8 (with or without BOM) or, failing that, Windows-1252 as Excel saves it in
// Spain; ";" or "," or tab as delimiter (whichever the header line uses); quoted fields as RFC 4180.
import { readFile } from 'node:fs/promises';
import { fieldError } from '../../http/errors.js';
import type { SheetRow } from './read-xlsx.js';

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The delimiter the first line uses most, outside quotes. */
export function sniffDelimiter(text: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of text.slice(0, 64 * 1024)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char]++;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0][1] > 0
    ? (Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0] as string)
    : ',';
}

export async function readCsv(path: string, maxRows: number): Promise<SheetRow[]> {
  const text = decode(await readFile(path));
  if (text.includes('\u0000')) throw fieldError('file', 'This is not a CSV or .xlsx packing list.');
  const { parse } = await import('csv-parse/sync');
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: sniffDelimiter(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: false,
      to: maxRows + 2,
    }) as string[][];
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw fieldError('file', `The CSV file could not be read: ${detail}`);
  }
  if (records.length > maxRows + 1)
    throw fieldError('file', `The file has more than ${maxRows} rows; split it into several files.`);
  return records.map((cells, index) => ({ row: index + 1, cells }));
}
