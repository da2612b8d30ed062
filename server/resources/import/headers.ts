// Packing-list columns, found by their header in English or Spanish, in any order; case, accents,
// underscores, line breaks and a unit ("Peso neto (kg)", "Net weight kg") do not matter; other columns
// are ignored. A weight column in tonnes ("Peso neto (t)", "Net weight MT") is read and converted to
// kg; one in pounds is refused (a weight must never be read in the wrong unit without a word). Both
// readers (CSV and .xlsx) hand their rows to these functions.
import { fieldName, type Message, say } from '../../i18n/message.js';

/** A cell as a reader gives it: text, or the spreadsheet's own number, boolean or date. */
export type SheetCell = string | number | boolean | Date | null | undefined;

export interface SheetInput {
  /** 1-based, as the spreadsheet shows it. */
  row: number;
  cells: readonly SheetCell[];
}

/** A cell as trimmed text: numbers plainly, dates as ISO text. */
export function cellString(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number')
    return Number.isInteger(cell) ? String(cell) : String(Number(cell.toFixed(6)));
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  return String(cell).trim();
}

/** Normalised text: lower case, no accents, words separated by one space, "(kg)" dropped. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\(.*?\)|\[.*?\]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export const importFields = [
  'reference',
  'commodity',
  'quantity',
  'net_weight',
  'gross_weight',
  'location',
  'packing',
  'label_color',
  'zone',
] as const;
export type ImportField = (typeof importFields)[number];

/** Accepted headers per field: English first (the template's), then Spanish. */
export const headerNames: Record<ImportField, { en: string[]; es: string[] }> = {
  reference: {
    en: ['reference', 'ref', 'reference no', 'reference number', 'item reference', 'coil no', 'coil number'],
    es: [
      'referencia',
      'ref no',
      'n referencia',
      'no referencia',
      'n o referencia',
      'n de referencia',
      'numero de referencia',
      'numero referencia',
      'n bobina',
      'numero de bobina',
    ],
  },
  commodity: {
    en: ['commodity', 'material', 'product', 'cargo'],
    es: ['mercancia', 'material', 'producto', 'carga'],
  },
  quantity: {
    en: ['quantity', 'qty', 'units', 'pieces', 'pcs'],
    es: ['cantidad', 'cant', 'unidades', 'uds', 'piezas'],
  },
  // Mills write "N.W. (KGS)", "G.W. (MT)", "Nett weight".
  net_weight: {
    en: ['net weight', 'net wt', 'nw', 'n.w.', 'net', 'nett weight', 'nett wt', 'nett'],
    es: ['peso neto', 'neto', 'p neto', 'p.n.'],
  },
  gross_weight: {
    en: ['gross weight', 'gross wt', 'gw', 'g.w.', 'gross'],
    es: ['peso bruto', 'bruto', 'p bruto', 'p.b.'],
  },
  location: { en: ['location'], es: ['ubicacion', 'localizacion', 'situacion'] },
  packing: { en: ['packing', 'package', 'packaging'], es: ['embalaje', 'bulto', 'envase'] },
  label_color: {
    en: ['label color', 'label colour', 'label colors', 'label colours', 'label'],
    es: ['color etiqueta', 'color de etiqueta', 'colores etiqueta', 'colores de etiqueta', 'etiqueta'],
  },
  zone: { en: ['zone', 'area'], es: ['zona'] },
};

const byHeader = new Map<string, ImportField>();
for (const field of importFields) {
  byHeader.set(normalise(field), field);
  for (const name of [...headerNames[field].en, ...headerNames[field].es])
    byHeader.set(normalise(name), field);
}

/** A1-style column letters of a 0-based index. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

export interface Column {
  field: ImportField;
  index: number;
  header: string;
  /** A weight column in tonnes ("Peso neto (t)"): its values are converted to kg. */
  unit?: 't';
}

// Units a weight header may name, normalised (weights are stored in kg).
const KILOGRAMS = ['kg', 'kgs', 'kilo', 'kilos', 'kilogramos', 'kilograms'];
const TONNES = [
  't',
  'tn',
  'tns',
  'tm',
  't m',
  'mt',
  'ton',
  'tons',
  'tonne',
  'tonnes',
  'tonelada',
  'toneladas',
  'metric tons',
  'metric tonnes',
  'toneladas metricas',
];
const POUNDS = ['lb', 'lbs', 'pound', 'pounds', 'libras'];
// A unit written after the name without brackets: "Net weight kg", "Peso neto Kgs.", "Peso neto Tm".
export const UNIT = new RegExp(` (${[...KILOGRAMS, ...TONNES, ...POUNDS].join('|')})$`);

/** The field a header names, if any. */
function fieldOf(header: SheetCell): ImportField | undefined {
  const name = normalise(cellString(header));
  return byHeader.get(name) ?? byHeader.get(name.replace(UNIT, ''));
}

/** The unit a header names, in brackets or after the name: kg (or none), tonnes or pounds. */
function unitOf(header: SheetCell): 'kg' | 't' | 'lb' {
  const text = cellString(header);
  const bracket = /\(([^)]*)\)|\[([^\]]*)\]/.exec(text);
  const unit = bracket ? normalise(bracket[1] ?? bracket[2] ?? '') : (UNIT.exec(normalise(text))?.[1] ?? '');
  if (TONNES.includes(unit)) return 't';
  return POUNDS.includes(unit) ? 'lb' : 'kg';
}

const WEIGHTS: ReadonlySet<ImportField> = new Set(['net_weight', 'gross_weight']);

/**
 * The fields found in a header row; problems (a field twice, no reference column) as messages. A
 * hidden column (when the reader knows) gives way to a visible one naming the same field.
 */
export function mapHeader(
  cells: readonly SheetCell[],
  hidden: ReadonlySet<number> = new Set(),
): { columns: Column[]; problems: Message[] } {
  const columns: Column[] = [];
  const problems: Message[] = [];
  cells.forEach((cell, index) => {
    const field = fieldOf(cell);
    if (!field) return;
    const header = cellString(cell);
    const unit = WEIGHTS.has(field) ? unitOf(cell) : 'kg';
    if (unit === 'lb' && !hidden.has(index))
      problems.push(say('import.pounds', { column: columnLetter(index), header }));
    const column: Column = unit === 't' ? { field, index, header, unit } : { field, index, header };
    const twice = columns.find((found) => found.field === field);
    if (!twice) columns.push(column);
    else if (hidden.has(twice.index) && !hidden.has(index)) columns[columns.indexOf(twice)] = column;
    else if (!hidden.has(index))
      problems.push(
        say('import.columns_twice', {
          first: columnLetter(twice.index),
          first_header: twice.header,
          second: columnLetter(index),
          second_header: header,
          field: fieldName('packing-list', field),
        }),
      );
  });
  if (!columns.some((column) => column.field === 'reference')) {
    const found = cells.map(cellString).filter(Boolean);
    problems.push(
      say('import.no_reference', {
        found: found.length > 0 ? found.map((cell) => `"${cell}"`).join(', ') : say('import.nothing'),
      }),
    );
  }
  return { columns, problems };
}
