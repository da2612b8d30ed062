// The 400 of a packing list refused: its problems as lines of text under `file` (the Django REST framework
// shape the ERP integrations and the documented API read: 'Row 3, column C (Net weight): ...') and, beside
// them, each with its place in the sheet, its field and its message's key (src/domain/import-wire.ts), so
// the app lays them out by row and column without reading the text.
import { type ImportProblem, NOT_A_REFUSAL } from '../../../src/domain/import-wire.js';
import { HttpError } from '../../http/errors.js';
import type { Language } from '../../i18n/language.js';
import { Message, say, type Text } from '../../i18n/message.js';
import type { Problem } from './rows.js';

/** Problems listed at most; the rest are counted. */
const MAX_LISTED = 500;

/** A problem of the whole file (no commodity column, a header read twice) or of a cell. */
type Listed = { message: Message } | Problem;

const located = (problem: Listed): problem is Problem => 'row' in problem;

const line = (problem: Listed): Text =>
  located(problem)
    ? say('import.row', {
        row: problem.row,
        column: problem.column,
        header: problem.header,
        message: problem.message,
      })
    : problem.message;

function structured(problem: Listed, language: Language): ImportProblem {
  const place = located(problem)
    ? {
        row: problem.row,
        column: problem.column,
        header: typeof problem.header === 'string' ? problem.header : problem.header.in(language),
        field: problem.field,
      }
    : { row: null, column: null, header: null, field: null };
  return { ...place, ...problem.message.keyed(language), text: problem.message.in(language) };
}

/** The refusal of a file with these problems (some), in `language` for the structured ones. */
export function importRefusal(general: Message[], problems: Problem[], language: Language): HttpError {
  const all: Listed[] = [...general.map((message) => ({ message })), ...problems];
  const listed = all.slice(0, MAX_LISTED);
  const unlisted = all.length - listed.length;
  const file = listed.map(line);
  if (unlisted > 0) file.push(say('import.more', { count: unlisted }));
  return new HttpError(400, {
    file,
    problems: listed.map((problem) => structured(problem, language)),
    unlisted,
  });
}

/**
 * A refusal of the file as a whole (not a spreadsheet, past a limit, too large, its project gone: a 4xx
 * naming only `file`, or saying only its `detail`) with its messages as problems of the whole file beside
 * the lines, so a device words them from their keys too; the status, headers and `detail` kept. Undefined
 * for any other error (NOT_A_REFUSAL, a 401 or a 429, refuses no file: the device signs in again or waits).
 */
export function fileRefusal(error: unknown, language: Language): HttpError | undefined {
  if (!(error instanceof HttpError) || error.statusCode >= 500 || NOT_A_REFUSAL.includes(error.statusCode))
    return undefined;
  const { file = detailOnly(error.body), detail, ...others } = error.body;
  if (!Array.isArray(file) || file.length === 0 || Object.keys(others).length > 0) return undefined;
  const messages = file.filter((text): text is Message => text instanceof Message);
  if (messages.length !== file.length) return undefined;
  const { body } = importRefusal(messages, [], language);
  return new HttpError(error.statusCode, detail === undefined ? body : { ...body, detail }, error.headers);
}

/** A body that is only its `detail` (a 403, a 404), as the lines of a refusal. */
const detailOnly = ({ detail, ...rest }: Record<string, unknown>) =>
  detail !== undefined && Object.keys(rest).length === 0 ? [detail] : undefined;
