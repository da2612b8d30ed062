// Packing-list import: online upload of a .xlsx/.csv to a project, and the template download.
import { HTTPError } from 'ky';
import { type ImportProblem, type ImportRefusal, NOT_A_REFUSAL } from '../domain/import-wire';
import { api } from './client';
import { downloadFile } from './download';
import { badRequestBody, linesFromBody } from './errors';

/** The fields of a packing item an import reads (the server's import columns). */
type ImportField =
  | 'reference'
  | 'commodity'
  | 'quantity'
  | 'net_weight'
  | 'gross_weight'
  | 'location'
  | 'packing'
  | 'label_color'
  | 'zone';

export interface ImportOutcome {
  created: number;
  updated: number;
  unchanged: number;
  total: number;
  /** Header cells the server did not read, as written in the file (absent from older servers). */
  ignored_columns?: string[];
  /** For a vague or misspelt header among them, the fields it would be read as once renamed. */
  column_hints?: { column: string; fields: ImportField[] }[];
}

/**
 * POST project/<id>/import_pl/ as multipart. `key` is the Idempotency-Key (the queued file's id), so a
 * repeat after a lost answer is not imported twice. A refusal is ky's HTTPError with 400 {file: [...]}.
 */
export function importPackingList(
  projectId: string,
  file: Blob,
  name: string,
  key: string,
): Promise<ImportOutcome> {
  const body = new FormData();
  body.append('file', file, name);
  return api
    .post(`project/${projectId}/import_pl/`, { body, timeout: 120_000, headers: { 'Idempotency-Key': key } })
    .json<ImportOutcome>();
}

const isProblem = (value: unknown): value is ImportProblem =>
  typeof value === 'object' && value !== null && typeof (value as ImportProblem).text === 'string';

/**
 * A 4xx of the import (a 400; a file too large, its project gone...) as the screen shows it: the lines of
 * text, and beside them the problems by row and column (absent from an older server's answer); null for
 * any other failure (the file waits and is sent again).
 */
export async function importRefusal(error: unknown): Promise<ImportRefusal | null> {
  if (!(error instanceof HTTPError)) return null;
  const { status, statusText } = error.response;
  if (status < 400 || status >= 500 || NOT_A_REFUSAL.includes(status)) return null;
  const { problems, unlisted, detail, ...lines } = (await badRequestBody(error, status)) ?? {};
  // `detail` says again what `file` says; an answer without `file` (an older server's) is its detail.
  const file = linesFromBody('file' in lines ? lines : { detail }).flatMap((line) => line.messages);
  if (file.length === 0) return wordless(status, statusText);
  if (!Array.isArray(problems)) return { file };
  return {
    file,
    problems: problems.filter(isProblem),
    unlisted: typeof unlisted === 'number' ? unlisted : 0,
  };
}

/**
 * A refusal without words (a proxy's page in front of the server, an empty answer): one problem of the
 * whole file keyed by its status, which the screen words in its user's language (packing:import.server.
 * http.refused), not the HTTP status line in English.
 */
function wordless(status: number, statusText: string): ImportRefusal {
  const text = `${status} ${statusText}`.trim();
  const whole = { row: null, column: null, header: null, field: null };
  return {
    file: [text],
    problems: [{ ...whole, key: 'http.refused', values: { status }, text }],
    unlisted: 0,
  };
}

export function downloadImportTemplate(): Promise<string> {
  return downloadFile('project/import_template/');
}
