// How wide a packing list may be: a header row of 400,000 columns (3 MB of CSV) held the server for
// 31 s (the CSV parser, then a hint for every unread column), and a 3 MB cell took seconds to parse.
// Both readers refuse, at the first cell past a limit, with the limit named: a value in a column past
// the 500th, or a cell of more than 10,000 characters. Lists have a few dozen columns and short cells;
// empty columns past the 500th (a spreadsheet's padding) are not counted.
import { fieldError } from '../../http/errors.js';
import { say } from '../../i18n/message.js';
import { columnLetter } from './headers.js';

export const MAX_COLUMNS = 500;
const MAX_CELL_CHARS = 10_000;

const tooManyColumns = (row: number, index: number) =>
  fieldError('file', say('import.too_many_columns', { row, column: columnLetter(index) }));

const cellTooLong = (row: number, index: number) =>
  fieldError('file', say('import.cell_too_long', { row, column: columnLetter(index) }));

/** A row's cells (index 0 is column A) checked against both limits; holes (empty cells) are skipped. */
export function checkCells(row: number, cells: readonly unknown[]): void {
  cells.forEach((cell, index) => {
    if (cell === null || cell === undefined || cell === '') return;
    if (index >= MAX_COLUMNS && String(cell).trim() !== '') throw tooManyColumns(row, index);
    if (typeof cell === 'string' && cell.length > MAX_CELL_CHARS) throw cellTooLong(row, index);
  });
}

/**
 * The same limits on CSV text, in one pass over its characters before any parser sees it, read as the
 * CSV reader reads it (a quote opens a field only at its start; "" inside quotes is a quote; line
 * breaks inside quotes belong to the field). Rows are numbered as the reader numbers them.
 */
export function checkCsvText(text: string, delimiter: string): void {
  let row = 1;
  let column = 0;
  let length = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') i++;
      else if (char === '"') {
        quoted = false;
        continue;
      }
    } else if (char === '"' && length === 0) {
      quoted = true;
      continue;
    } else if (char === delimiter) {
      column++;
      length = 0;
      continue;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row++;
      column = 0;
      length = 0;
      continue;
    }
    length++;
    if (length > MAX_CELL_CHARS) throw cellTooLong(row, column);
    if (column >= MAX_COLUMNS && char !== ' ' && char !== '\t') throw tooManyColumns(row, column);
  }
}

/** Whether the text keeps to the limits under this delimiter. */
export function withinLimits(text: string, delimiter: string): boolean {
  try {
    checkCsvText(text, delimiter);
    return true;
  } catch {
    return false;
  }
}
