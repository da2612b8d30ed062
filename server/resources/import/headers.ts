// Packing-list columns, found by their header in English or Spanish, in any order; case, accents,
// underscores and a unit in brackets ("Peso neto (kg)") do not matter; other columns are ignored.

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
    en: ['reference', 'ref', 'reference no', 'item reference'],
    es: ['referencia', 'ref no', 'n referencia'],
  },
  commodity: {
    en: ['commodity', 'material', 'product', 'cargo'],
    es: ['mercancia', 'material', 'producto', 'carga'],
  },
  quantity: { en: ['quantity', 'qty', 'units', 'pieces'], es: ['cantidad', 'unidades', 'piezas'] },
  net_weight: { en: ['net weight', 'net wt', 'nw'], es: ['peso neto', 'neto'] },
  gross_weight: { en: ['gross weight', 'gross wt', 'gw'], es: ['peso bruto', 'bruto'] },
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
}

/** The fields found in a header row; problems (a field twice, no reference column) as messages. */
export function mapHeader(cells: readonly string[]): { columns: Column[]; problems: string[] } {
  const columns: Column[] = [];
  const problems: string[] = [];
  cells.forEach((cell, index) => {
    const field = byHeader.get(normalise(cell));
    if (!field) return;
    const twice = columns.find((column) => column.field === field);
    if (twice)
      problems.push(
        `Columns ${columnLetter(twice.index)} ("${twice.header}") and ${columnLetter(index)} ("${cell.trim()}") are both ${field}.`,
      );
    else columns.push({ field, index, header: cell.trim() });
  });
  if (!columns.some((column) => column.field === 'reference'))
    problems.push(
      `No reference column: the first row must hold the headers (e.g. "Reference" or "Referencia"). Found: ${
        cells
          .filter((cell) => cell.trim())
          .map((cell) => `"${cell.trim()}"`)
          .join(', ') || 'nothing'
      }.`,
    );
  return { columns, problems };
}
