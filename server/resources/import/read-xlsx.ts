// .xlsx packing lists, read with ExcelJS's streaming reader (first worksheet, values; the styles only
// so that a date cell is a date, not its serial number: a weight Excel turned into a date). Before
// that the ZIP is checked with yauzl, inflating every entry with a byte budget: a ZIP bomb or a file
// that is not an .xlsx is a 400, never a memory blow-up. A workbook written in ways ExcelJS cannot read
// (no cell addresses, an "x:" prefix...) is repaired first (xlsx-repair.ts). Rows without a value
// (formatting only, down to row 60,000) are not rows of the list and do not count.
import { rm } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import type yauzl from 'yauzl';
import { fieldError, HttpError } from '../../http/errors.js';
import { say } from '../../i18n/message.js';
import { mapHeader } from './headers.js';
import { checkCells, MAX_COLUMNS } from './limits.js';
import { UNREAD_FORMULA } from './rows.js';
import { sheetWidthCheck } from './sheet-width.js';
import { losesSheets, SHARED_STRINGS, tabOrder, WORKBOOK_RELS, worksheetRenames } from './workbook-parts.js';
import { NEEDS_REPAIR, OVERLAP, REPAIRED_PART, repairWorkbook } from './xlsx-repair.js';

export interface SheetRow {
  /** 1-based, as the spreadsheet shows it. */
  row: number;
  cells: string[];
}

/** Most bytes the whole workbook may inflate to, and the shared strings (held in memory) alone. */
const MAX_UNZIPPED = 100 * 1024 * 1024;
const MAX_SHARED_STRINGS = 20 * 1024 * 1024;
const MAX_ENTRIES = 2000;
/** Past this, xl/workbook.xml is not kept for the tab order (the sheets are then read in ZIP order). */
const MAX_WORKBOOK_XML = 1024 * 1024;

const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;
const WORKSHEET_END = /<\/(?:[\w.-]+:)?worksheet>\s*$/;
const WORKSHEET_END_BYTES = 64;

const notXlsx = () => fieldError('file', say('xlsx.invalid'));
// Apple Numbers (the iPad's spreadsheet app) saves a ZIP of its own: Index/*.iwa, Metadata/.
const NUMBERS_PART = /^(Index\/|Index\.zip$|Metadata\/Properties\.plist$)/;
const appleNumbers = () => fieldError('file', say('format.numbers'));
/** Past the header and maxRows rows below it (both readers). */
export const tooManyRows = (maxRows: number) =>
  fieldError('file', say('sheet.too_many_rows', { max: maxRows }));
const tooBig = () => fieldError('file', say('xlsx.too_big', { size: MAX_UNZIPPED / 1024 / 1024 }));
// The shared strings have a budget of their own (ExcelJS holds them in memory): say which was passed.
const stringsTooBig = () =>
  fieldError('file', say('xlsx.strings_too_big', { size: MAX_SHARED_STRINGS / 1024 / 1024 }));

/**
 * Inflates every entry once, counting bytes; refuses past the budget or without a workbook. Says
 * whether the workbook needs repair before ExcelJS reads it (xlsx-repair.ts), and the tabs' order.
 */
export async function checkWorkbookZip(
  path: string,
): Promise<{ repair: boolean; renames: Map<string, string>; order: string[] }> {
  // Loaded on first use, like ExcelJS below (memory of an idle server).
  const { default: yauzl } = await import('yauzl');
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true }, (error, file) =>
      error ? reject(notXlsx()) : resolve(file),
    ),
  );
  let total = 0;
  let entries = 0;
  let workbook = false;
  let repair = false;
  let numbers = false;
  const parts = new Set<string>();
  const rels: Buffer[] = [];
  const book: Buffer[] = [];
  let bookSize = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(notXlsx()));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (++entries > MAX_ENTRIES) return reject(notXlsx());
        if (entry.fileName === 'xl/workbook.xml') workbook = true;
        if (NUMBERS_PART.test(entry.fileName)) numbers = true;
        parts.add(entry.fileName);
        const strings = entry.fileName === SHARED_STRINGS;
        const budget = strings ? MAX_SHARED_STRINGS : MAX_UNZIPPED;
        // Which budget an entry of this size passed.
        const refusal = (size: number) => (strings && size > budget ? stringsTooBig() : tooBig());
        if (entry.uncompressedSize > budget || total + entry.uncompressedSize > MAX_UNZIPPED)
          return reject(refusal(entry.uncompressedSize));
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (error, stream) => {
          if (error) return reject(notXlsx());
          let size = 0;
          // The tail of the previous chunk, so that a tag split between two chunks is still seen.
          let tail = REPAIRED_PART.test(entry.fileName) && !repair ? '' : null;
          // A worksheet's last characters: its XML cut short would be read up to the cut, without a word.
          let ending = WORKSHEET_PART.test(entry.fileName) ? '' : null;
          const width = ending === null ? null : sheetWidthCheck();
          stream.on('data', (chunk: Buffer) => {
            if (entry.fileName === WORKBOOK_RELS) rels.push(chunk);
            if (entry.fileName === 'xl/workbook.xml') {
              bookSize += chunk.length;
              if (bookSize <= MAX_WORKBOOK_XML) book.push(chunk);
            }
            if (tail !== null) {
              const text = tail + chunk.toString('latin1');
              if (NEEDS_REPAIR.test(text)) {
                repair = true;
                tail = null;
              } else tail = text.slice(-OVERLAP);
            }
            if (ending !== null) ending = (ending + chunk.toString('latin1')).slice(-WORKSHEET_END_BYTES);
            try {
              width?.(chunk.toString('latin1'));
            } catch (refusal) {
              stream.destroy();
              return reject(refusal);
            }
            size += chunk.length;
            total += chunk.length;
            if (size > budget || total > MAX_UNZIPPED) {
              stream.destroy();
              reject(refusal(size));
            }
          });
          // yauzl checks the inflated size against the declared one: a lying header is an error.
          stream.on('error', () => reject(notXlsx()));
          stream.on('end', () =>
            ending === null || WORKSHEET_END.test(ending) ? zip.readEntry() : reject(notXlsx()),
          );
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!workbook) throw numbers ? appleNumbers() : notXlsx();
  const relsText = Buffer.concat(rels).toString('utf8');
  const renames = worksheetRenames(relsText, parts);
  const order =
    bookSize <= MAX_WORKBOOK_XML ? tabOrder(Buffer.concat(book).toString('utf8'), relsText, renames) : [];
  return { repair: repair || renames.size > 0 || losesSheets([...parts]), renames, order };
}

type CellValue = ExcelJS.CellValue;

/** A cell as text: numbers plainly (no float noise), rich text joined, formulas by their result. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  // An empty <v/> reads as NaN: an empty cell, never the text "NaN".
  if (typeof value === 'number' && Number.isNaN(value)) return '';
  if (typeof value === 'number')
    return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((part) => part.text).join('');
    // A formula whose saved result is an error (t="e"): the stream reader gives NaN, the text is lost.
    if ('result' in value && Number.isNaN(value.result)) return UNREAD_FORMULA;
    if ('result' in value) return cellText((value.result ?? null) as CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return String(value.error);
    // ExcelJS's stream reader sometimes hands out a shared string's index instead of its text.
    if ('sharedString' in value) throw new SharedStringPending();
  }
  return String(value);
}

class SharedStringPending extends Error {}

/** A row's cells as text; a value past the column limit, or a cell past the length limit, is a 400. */
function cellsOf(row: ExcelJS.Row): string[] {
  const values: unknown[] = Array.isArray(row.values) ? row.values : [];
  const texts: string[] = [];
  // forEach skips the holes (values[1] is column A): a cell addressed at column 10 million costs one
  // check, not ten million; an empty one out there is not kept.
  values.forEach((value, column) => {
    const text = column === 0 ? '' : cellText(value as CellValue);
    if (column > 0 && (column <= MAX_COLUMNS || text !== '')) texts[column - 1] = text;
  });
  checkCells(row.number, texts);
  // Array.from, not map: the array has holes for empty cells.
  return Array.from(texts, (text) => text ?? '');
}

const hasHeader = (rows: SheetRow[]) =>
  rows
    .slice(0, 20)
    .some((row) => mapHeader(row.cells).columns.some((column) => column.field === 'reference'));

/**
 * The rows, as text, of the first worksheet in tab order with a reference header among its first 20
 * rows (a cover sheet before the list is skipped), or of the first worksheet; past maxRows a 400.
 */
export async function readXlsx(path: string, maxRows: number): Promise<SheetRow[]> {
  const { repair, renames, order } = await checkWorkbookZip(path);
  if (!repair) return readChecked(path, maxRows, order);
  const repaired = `${path}.repaired.xlsx`;
  try {
    await repairWorkbook(path, repaired, MAX_UNZIPPED, tooBig, renames, order).catch((error: unknown) => {
      throw error instanceof HttpError ? error : notXlsx();
    });
    return await readChecked(repaired, maxRows, order);
  } finally {
    await rm(repaired, { force: true });
  }
}

/** A sheet read, by its place among the tabs (0 the first tab; sheets not among them after, in ZIP order). */
interface Ranked {
  rank: number;
  rows: SheetRow[];
}

/**
 * The stream reader meets the sheets in ZIP order: a sheet with a header is kept until every tab before
 * it has been seen (one of them may have a header too, and the first tab wins).
 */
async function readChecked(path: string, maxRows: number, order: readonly string[]): Promise<SheetRow[]> {
  const { default: excel }: { default: typeof ExcelJS } = await import('exceljs');
  let best: Ranked | undefined;
  let first: Ranked | undefined;
  const seen = new Set<number>();
  let unlisted = order.length;
  try {
    const reader = new excel.stream.xlsx.WorkbookReader(path, {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    });
    // The reader (an EventEmitter; its types omit it) names each worksheet's part just before handing it out.
    let current: string | undefined;
    (reader as unknown as NodeJS.EventEmitter).on('entry', (entry: { type?: string; id?: string }) => {
      if (entry.type === 'worksheet') current = String(entry.id);
    });
    for await (const sheet of reader) {
      const listed = current === undefined ? -1 : order.indexOf(current);
      const rank = listed >= 0 ? listed : unlisted++;
      seen.add(rank);
      if (best && rank > best.rank) {
        // A later tab than the list found: its rows are passed over, never kept.
        for await (const _row of sheet);
        continue;
      }
      const rows: SheetRow[] = [];
      for await (const row of sheet) {
        const cells = row.hasValues ? cellsOf(row) : [];
        if (cells.every((cell) => cell.trim() === '')) continue;
        rows.push({ row: row.number, cells });
        if (rows.length > maxRows + 1) throw tooManyRows(maxRows);
      }
      if (hasHeader(rows)) best = { rank, rows };
      // Without a header anywhere, the first tab's opening rows name what was found instead.
      else if (!first || rank < first.rank) first = { rank, rows: rows.slice(0, 20) };
      const ranked = best;
      if (ranked && Array.from({ length: ranked.rank }, (_, i) => i).every((i) => seen.has(i)))
        return ranked.rows;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The texts not resolved yet (SharedStringPending), or the stream reader's race (exceljs#3064: a
    // worksheet parsed before xl/workbook.xml, stored last by ExcelJS and others, "reading 'sheets'" of
    // a model not there yet; CI once saw a valid list refused so): the whole workbook at once reads it,
    // within the budget checkWorkbookZip enforced; a file that is no workbook is refused there.
    return readWhole(excel, path, maxRows);
  }
  return best?.rows ?? first?.rows ?? [];
}

/** The same, reading the whole workbook at once (when the stream reader could not read it). */
async function readWhole(excel: typeof ExcelJS, path: string, maxRows: number): Promise<SheetRow[]> {
  const book = new excel.Workbook();
  try {
    await book.xlsx.readFile(path);
  } catch {
    throw notXlsx();
  }
  let first: SheetRow[] | undefined;
  for (const sheet of book.worksheets) {
    const rows: SheetRow[] = [];
    sheet.eachRow((row) => {
      const cells = cellsOf(row);
      if (cells.some((cell) => cell.trim() !== '')) rows.push({ row: row.number, cells });
    });
    if (rows.length > maxRows + 1) throw tooManyRows(maxRows);
    if (hasHeader(rows)) return rows;
    first ??= rows;
  }
  return first ?? [];
}
