// From sheet rows to packing items: each cell mapped to its field, read as the REST API would (the
// domain's packing-list schema), every problem named by row and column; nothing is written here.
import { packingListSchema } from '../../../src/domain/packing-list.js';
import { fieldErrorsFromZod } from '../../http/validation.js';
import { type FieldName, fieldName, type Message, oneOf, say } from '../../i18n/message.js';
import {
  type Column,
  cellString,
  columnLetter,
  type ImportField,
  mapHeader,
  normalise,
  type SheetCell,
  type SheetInput,
} from './headers.js';
import { type IgnoredColumns, ignoredColumns, noneIgnored } from './ignored.js';
import {
  type DecimalMark,
  decideMark,
  type ImpliedMarks,
  nativeNumber,
  type Reading,
  readNumber,
  readNumberOrCell,
  resolveAmbiguous,
  tonnesToKilograms,
} from './numbers.js';
import { COLOR_WORDS, COMMODITY_WORDS, LOCATION_WORDS } from './words.js';

const UNKNOWN = '00000000-0000-0000-0000-000000000000';

export interface Commodity {
  id: string;
  code: string;
  name: string;
}

export interface ItemRow {
  row: number;
  values: Record<string, unknown>;
}

export interface Problem {
  row: number;
  column: string;
  /** The field the cell is read as. */
  field: string;
  /** The column's header as the file writes it, or the field when the file has no column for it. */
  header: string | FieldName;
  message: Message;
}

export interface Parsed {
  items: ItemRow[];
  /** The fields the file has a column for: what an import may change on an existing item. */
  given: ImportField[];
  problems: Problem[];
  /** Problems not tied to a cell (header). */
  general: Message[];
  /** The header cells no column reads (said in the import's answer). */
  ignored: IgnoredColumns;
}

interface ParseOptions {
  /** The decimal marks the file's format implies (a ";" CSV: ","), for numbers nothing else decides. */
  implied?: ImpliedMarks;
  /**
   * The reader gives the spreadsheet's number cells as text ("1234.5"): such text proves no locale, and
   * "1.234" may be the number 1.234 (the .xlsx reader today; a reader that hands numbers as numbers
   * leaves this off).
   */
  numbersAsText?: boolean;
  /** 0-based indexes of hidden columns: a visible column wins over a hidden one with the same field. */
  hiddenColumns?: ReadonlySet<number>;
}

const NUMBER_FIELDS: ReadonlySet<ImportField> = new Set(['quantity', 'net_weight', 'gross_weight']);
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/;
const isDate = (cell: SheetCell) =>
  cell instanceof Date || (typeof cell === 'string' && ISO_DATE.test(cell.trim()));
/** A date cell in a text column (a reference typed as a date): its day, and its time when it has one. */
const dayText = (text: string) => {
  const found = ISO_DATE.exec(text);
  if (!found) return text;
  return found[2] === '00:00:00' ? found[1] : `${found[1]} ${found[2]}`;
};

// What Excel shows for a formula that failed, in English and Spanish (a VLOOKUP's #N/A above all).
const SPREADSHEET_ERROR =
  /^#[¡¿]?(NULL|NULO|DIV\/0|VALUE|VALOR|REF|NAME|NOMBRE|NUM|N\/A|N\/D|SPILL|DESBORDAMIENTO|CALC|GETTING_DATA)[!?]?$/i;

// The .xlsx reader today renders a formula with no saved result (a file made by a program that does
// not calculate), or one the stream reader cannot see (an error), as this text: never a value.
export const UNREAD_FORMULA = '[object Object]';

/** The reading of a number cell: a spreadsheet number is exact, text is read by the locale rule. */
function readCell(cell: SheetCell, numbersAsText: boolean, unit?: 't'): Reading | 'date' {
  if (typeof cell === 'number') return { kind: 'number', value: nativeNumber(cell) };
  if (isDate(cell)) return 'date';
  const text = cellString(cell);
  return numbersAsText ? readNumberOrCell(text, unit) : readNumber(text, unit);
}

/** Finds the header row (among the first 20 rows), then reads and checks every row below it. */
type ParseArguments = [
  sheet: readonly SheetInput[],
  project: string,
  commodityList: Commodity[],
  defaultCommodity: string | null,
  options?: ParseOptions,
];

/** Rows read between two chances for the server to answer other requests (./rows.ts parseRowsInTurns). */
const ROWS_A_TURN = 250;

export function parseRows(...args: ParseArguments): Parsed {
  const steps = parsing(...args);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Longest the parse holds the event loop before it lets other requests in (a 20,000-row list took 2.7 s). */
const TURN_MS = 15;

/** parseRows, yielding to the event loop every TURN_MS, so a large import never stalls the server. */
export async function parseRowsInTurns(...args: ParseArguments): Promise<Parsed> {
  const steps = parsing(...args);
  let turn = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - turn > TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turn = performance.now();
    }
  }
}

function* parsing(
  sheet: readonly SheetInput[],
  project: string,
  commodityList: Commodity[],
  defaultCommodity: string | null,
  options: ParseOptions = {},
): Generator<void, Parsed> {
  const hidden = options.hiddenColumns;
  const numbersAsText = options.numbersAsText ?? false;
  const headerIndex = sheet
    .slice(0, 20)
    .findIndex((row) => mapHeader(row.cells, hidden).columns.some((c) => c.field === 'reference'));
  const firstFilled = sheet.find((row) => row.cells.some((cell) => cellString(cell)));
  const header = mapHeader(sheet[headerIndex]?.cells ?? firstFilled?.cells ?? [], hidden);
  if (headerIndex < 0 || header.problems.length > 0)
    return {
      items: [],
      given: [],
      problems: [],
      general: header.problems.length > 0 ? header.problems : [say('import.empty')],
      ignored: noneIgnored(),
    };
  const columns = header.columns;
  const column = (field: ImportField) => columns.find((c) => c.field === field);
  const general: Message[] = [];
  if (!column('commodity') && !defaultCommodity) general.push(say('import.no_commodity'));

  const byCommodity = new Map<string, string>();
  for (const item of commodityList) {
    byCommodity.set(normalise(item.name), item.id);
    byCommodity.set(normalise(item.code), item.id);
  }
  for (const [word, code] of Object.entries(COMMODITY_WORDS)) {
    const found = commodityList.find((item) => item.code === code);
    if (found && !byCommodity.has(word)) byCommodity.set(word, found.id);
  }
  const codeOf = new Map(commodityList.map((item) => [item.id, item.code]));

  const body = sheet.slice(headerIndex + 1);
  // First pass: the decimal marks the file's unambiguous numbers show (see numbers.ts).
  const numberColumns = columns.filter((c) => NUMBER_FIELDS.has(c.field));
  const shown = new Set<DecimalMark>();
  for (const [index, { cells }] of body.entries()) {
    if (index % ROWS_A_TURN === 0) yield;
    for (const c of numberColumns) {
      const reading = readCell(cells[c.index], numbersAsText, c.unit);
      if (reading !== 'date' && reading.kind === 'number' && reading.shows) shown.add(reading.shows);
    }
  }
  const markFor = (separator: DecimalMark) => decideMark(shown, options.implied?.[separator] ?? null);

  const items: ItemRow[] = [];
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  for (const [index, { row, cells }] of body.entries()) {
    if (index % ROWS_A_TURN === 0) yield;
    const text = (c: Column | undefined) => (c ? cellString(cells[c.index]) : '');
    if (columns.every((c) => text(c) === '')) continue;
    const problem = (field: ImportField | 'project', message: Message) => {
      const c = column(field as ImportField) ?? column('reference');
      const header = c?.header ?? fieldName('packing-list', field);
      problems.push({ row, column: c ? columnLetter(c.index) : '', field, header, message });
    };
    const values: Record<string, unknown> = { project };
    for (const c of columns) {
      const raw = text(c);
      if (raw === '') continue;
      if (SPREADSHEET_ERROR.test(raw) || raw === UNREAD_FORMULA) {
        problem(
          c.field,
          raw === UNREAD_FORMULA
            ? say('import.unread_formula')
            : say('import.spreadsheet_error', { shown: raw }),
        );
        // Stands in so the schema does not also call the cell empty; the row is refused anyway.
        if (c.field === 'reference') values.reference = raw;
        if (c.field === 'commodity') values.commodity = UNKNOWN;
        continue;
      }
      switch (c.field) {
        case 'net_weight':
        case 'gross_weight':
        case 'quantity': {
          const reading = readCell(cells[c.index], numbersAsText, c.unit);
          // A column in tonnes is stored in kg; text that is not a number is left for the schema.
          const kilograms = (value: string) =>
            c.unit === 't' && reading !== 'date' && reading.kind !== 'text'
              ? tonnesToKilograms(value)
              : value;
          if (reading === 'date') problem(c.field, say('import.date_in_number'));
          else if (reading.kind !== 'ambiguous') values[c.field] = kilograms(reading.value);
          else {
            const resolved = resolveAmbiguous(reading, markFor(reading.separator), shown);
            if ('value' in resolved) values[c.field] = kilograms(resolved.value);
            else problem(c.field, resolved.problem);
          }
          break;
        }
        case 'commodity': {
          const id = byCommodity.get(normalise(raw));
          if (id) values.commodity = id;
          else {
            const known = oneOf(commodityList.map((item) => item.name));
            problem('commodity', say('import.unknown_commodity', { raw, known }));
            // Stands in so the schema does not name the same cell twice; the row is refused anyway.
            values.commodity = UNKNOWN;
          }
          break;
        }
        case 'location':
          values.location = LOCATION_WORDS[normalise(raw)] ?? raw;
          break;
        case 'label_color':
          values.label_color = raw
            .split(/[,;/|]+/)
            .map((color) => normalise(color))
            .filter(Boolean)
            .map((color) => COLOR_WORDS[color] ?? color);
          break;
        default:
          values[c.field] = dayText(raw);
      }
    }
    if (!column('commodity') || (!values.commodity && text(column('commodity')) === '')) {
      if (defaultCommodity) values.commodity = defaultCommodity;
    }
    const result = packingListSchema.safeParse(values, { reportInput: true });
    if (!result.success) {
      for (const [field, messages] of Object.entries(fieldErrorsFromZod(result.error.issues)))
        for (const message of messages) problem(field as ImportField, message);
      continue;
    }
    const data = result.data as Record<string, unknown>;
    const labels = data.label_color as string[] | undefined;
    if (
      labels &&
      labels.length > 0 &&
      data.commodity !== UNKNOWN &&
      codeOf.get(String(data.commodity)) !== 'aluminium'
    )
      problem('label_color', say('import.label_aluminium'));
    const reference = String(data.reference);
    const earlier = seen.get(reference);
    if (earlier !== undefined) problem('reference', say('import.duplicate', { reference, row: earlier }));
    else seen.set(reference, row);
    items.push({ row, values: data });
  }
  const ignored = ignoredColumns(sheet[headerIndex]?.cells ?? [], columns);
  return { items, given: columns.map((c) => c.field), problems, general, ignored };
}
