// A worksheet's rows measured as its XML streams through the ZIP check, before ExcelJS reads a cell: a
// row of 400,000 cells (or one cell addressed ten million columns away) is refused at once, not after
// the reader has built it. A worksheet has 16,384 columns (A to XFD); no spreadsheet writes more.
import { fieldError } from '../../http/errors.js';
import { say } from '../../i18n/message.js';

const SHEET_COLUMNS = 16_384;
/** Longest tag kept between two chunks (a cell's or a row's opening tag is far shorter). */
const MAX_CARRY = 4096;
const TAG = /<(?:[\w.-]+:)?(row|c)[\s/>][^>]*/g;
const CELL_REF = /\sr="([A-Za-z]{1,10})\d*"/;
const ROW_REF = /\sr="(\d{1,10})"/;

const pastLastColumn = (row: number) => fieldError('file', say('import.past_xfd', { row }));

const columnNumber = (letters: string) =>
  [...letters.toUpperCase()].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0);

/** A function fed the worksheet's text chunk by chunk; it throws the 400 at the first row too wide. */
export function sheetWidthCheck(): (chunk: string) => void {
  let carry = '';
  let row = 0;
  let cells = 0;
  return (chunk) => {
    let text = carry + chunk;
    // An opening tag cut at the chunk's end waits for the next chunk.
    const open = text.lastIndexOf('<');
    const cut = open >= 0 && text.indexOf('>', open) < 0;
    carry = cut && text.length - open <= MAX_CARRY ? text.slice(open) : '';
    if (cut) text = text.slice(0, open);
    for (const [tag, name] of text.matchAll(TAG)) {
      if (name === 'row') {
        const numbered = ROW_REF.exec(tag);
        row = numbered ? Number(numbered[1]) : row + 1;
        cells = 0;
        continue;
      }
      cells++;
      const ref = CELL_REF.exec(tag);
      if (cells > SHEET_COLUMNS || (ref && columnNumber(ref[1] ?? '') > SHEET_COLUMNS))
        throw pastLastColumn(row);
    }
  };
}
