// The header cells an import did not read, said in its answer: a column the user surely meant but the
// import cannot place (a lone "Weight (kg)": net or gross? a misspelt "Refrence") must never vanish
// without a word while the answer says "20,000 created". For such a header, the fields it would be read
// as once renamed (the app shows their names in the user's language).
import {
  type Column,
  cellString,
  headerNames,
  type ImportField,
  importFields,
  normalise,
  type SheetCell,
  UNIT,
} from './headers.js';

interface ColumnHint {
  /** The header cell as written in the file. */
  column: string;
  /** The fields it may mean: rename the column to one of their names to import it. */
  fields: ImportField[];
}

export interface IgnoredColumns {
  ignored_columns: string[];
  column_hints: ColumnHint[];
}

export const noneIgnored = (): IgnoredColumns => ({ ignored_columns: [], column_hints: [] });

// Headers that name a field without saying which (normalised, unit dropped).
const VAGUE: [ImportField[], string[]][] = [
  [
    ['net_weight', 'gross_weight'],
    [
      ...['weight', 'weights', 'wt', 'total weight', 'mass', 'peso', 'pesos', 'peso total', 'masa'],
      // A unit alone ("KGS", "Toneladas") is a weight too.
      ...['kg', 'kgs', 'kilos', 'kilograms', 'kilogramos', 'tons', 'tonnes', 'toneladas'],
    ],
  ],
  [['label_color'], ['color', 'colour', 'colors', 'colours', 'colores']],
];
const vague = new Map<string, ImportField[]>();
for (const [fields, names] of VAGUE) for (const name of names) vague.set(name, fields);

// Every accepted header long enough that one or two wrong letters still leave it recognisable.
const NAMES: [string, ImportField][] = importFields.flatMap((field) =>
  [field, ...headerNames[field].en, ...headerNames[field].es]
    .map((name) => normalise(name))
    .filter((name) => name.length >= 5)
    .map((name): [string, ImportField] => [name, field]),
);

/** Edits (insert, delete, change, swap two neighbours) from a to b, or more than `most` when past it. */
export function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? most + 1;
}

/** The fields a header not read may mean, among those the file has no column for. */
export function hintFor(header: string, missing: ReadonlySet<ImportField>): ImportField[] {
  const name = normalise(header);
  const bare = name.replace(UNIT, '');
  const meant = vague.get(name) ?? vague.get(bare);
  if (meant) return meant.filter((field) => missing.has(field));
  if (bare.length < 5) return [];
  const most = bare.length < 8 ? 1 : 2;
  const found = new Set<ImportField>();
  for (const [known, field] of NAMES)
    if (missing.has(field) && editDistance(bare, known, most) <= most) found.add(field);
  return importFields.filter((field) => found.has(field));
}

/** The header row's named cells that no column reads, with a hint for those that look like a field. */
export function ignoredColumns(cells: readonly SheetCell[], columns: readonly Column[]): IgnoredColumns {
  const read = new Set(columns.map((column) => column.index));
  const missing = new Set(importFields.filter((field) => !columns.some((column) => column.field === field)));
  const result = noneIgnored();
  cells.forEach((cell, index) => {
    const header = cellString(cell);
    if (header === '' || read.has(index)) return;
    result.ignored_columns.push(header);
    const fields = hintFor(header, missing);
    if (fields.length > 0) result.column_hints.push({ column: header, fields });
  });
  return result;
}
