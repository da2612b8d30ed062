// A packing list's import refused (400), one definition for the server that answers it
// (server/resources/import) and the app that shows it (src/features/import): beside the lines of text
// under `file` (what the ERP integrations and the documented API read), each problem with its place in
// the sheet and its message's key, so the screen lays them out and words them in its user's language
// without reading any text (src/features/import/problemText.ts).
import type { KeyedMessage } from './message-keys';

/** One problem of the file. */
export interface ImportProblem extends KeyedMessage {
  /** The sheet's row number; null for a problem of the whole file (no reference column, no rows...). */
  row: number | null;
  /** The column's letter ('C'), and its header as the file writes it (or the field's name). */
  column: string | null;
  header: string | null;
  /** The packing item's field the cell is read as. */
  field: string | null;
  /** The problem in words, in the request's language (without its row and column). */
  text: string;
}

export interface ImportRefusal {
  /** The problems as lines of text: 'Row 3, column C (Net weight): ...', then '…and 12 more problems.'. */
  file: string[];
  /**
   * The problems listed (at most 500); a file refused as a whole (not a spreadsheet, past a limit) has its
   * one problem of the whole file. Absent from an older server's answer.
   */
  problems?: ImportProblem[];
  /** How many more problems the file has than are listed. */
  unlisted?: number;
}

/**
 * Statuses that refuse no file: sign in again (401), or send it again later (408, 425, 429). Any other 4xx
 * of an import refuses the file (the server answers it as an ImportRefusal; the app keeps the file with it).
 */
export const NOT_A_REFUSAL: readonly number[] = [401, 408, 425, 429];
