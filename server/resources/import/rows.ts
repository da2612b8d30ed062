// From sheet rows to packing items: each cell mapped to its field, read as the REST API would (the
// domain's packing-list schema), every problem named by row and column; nothing is written here.
import type { commodities, locations } from '../../../src/domain/enums.js';
import { packingListSchema } from '../../../src/domain/packing-list.js';
import { fieldErrorsFromZod } from '../../http/validation.js';
import { type Column, columnLetter, type ImportField, mapHeader, normalise } from './headers.js';
import type { SheetRow } from './read-xlsx.js';

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
  header: string;
  message: string;
}

const COMMODITY_WORDS: Record<string, (typeof commodities)[number]> = {
  coil: 'coil',
  coils: 'coil',
  bobina: 'coil',
  bobinas: 'coil',
  granite: 'granite',
  granito: 'granite',
  aluminium: 'aluminium',
  aluminum: 'aluminium',
  aluminio: 'aluminium',
  other: 'other',
  otro: 'other',
  otros: 'other',
  otra: 'other',
};

const LOCATION_WORDS: Record<string, (typeof locations)[number]> = {
  onboard: 'onboard',
  'on board': 'onboard',
  'a bordo': 'onboard',
  abordo: 'onboard',
  warehouse: 'warehouse',
  almacen: 'warehouse',
  fas: 'fas',
  truck: 'truck',
  camion: 'truck',
  uncategorized: 'uncategorized',
  uncategorised: 'uncategorized',
  'sin categoria': 'uncategorized',
  'sin clasificar': 'uncategorized',
};

const COLOR_WORDS: Record<string, string> = {
  negro: 'black',
  gris: 'gray',
  grey: 'gray',
  rojo: 'red',
  azul: 'blue',
  amarillo: 'yellow',
  verde: 'green',
  naranja: 'orange',
  marron: 'brown',
  rosa: 'pink',
  violeta: 'violet',
  morado: 'purple',
  purpura: 'purple',
  oro: 'gold',
  dorado: 'gold',
  golden: 'gold',
  plata: 'silver',
  plateado: 'silver',
};

/**
 * A number typed in a cell: "1.234,5", "1,234.5", "12,5" (a lone comma is the decimal point, as
 * Spanish lists write it) and "1 234" are read; anything else is left for the schema to refuse.
 */
export function numberText(text: string): string {
  const compact = text.replace(/[\s\u00a0']/g, '');
  if (!/^-?[\d.,]+$/.test(compact)) return text.trim();
  const lastComma = compact.lastIndexOf(',');
  const lastDot = compact.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0)
    return lastComma > lastDot ? compact.replace(/\./g, '').replace(',', '.') : compact.replace(/,/g, '');
  if (lastComma >= 0)
    return compact.split(',').length === 2 ? compact.replace(',', '.') : compact.replace(/,/g, '');
  return compact;
}

export interface Parsed {
  items: ItemRow[];
  /** The fields the file has a column for: what an import may change on an existing item. */
  given: ImportField[];
  problems: Problem[];
  /** Problems not tied to a cell (header). */
  general: string[];
}

/** Finds the header row (among the first 20 rows), then reads and checks every row below it. */
export function parseRows(
  sheet: SheetRow[],
  project: string,
  commodityList: Commodity[],
  defaultCommodity: string | null,
): Parsed {
  const headerIndex = sheet
    .slice(0, 20)
    .findIndex((row) => mapHeader(row.cells).columns.some((c) => c.field === 'reference'));
  const firstFilled = sheet.find((row) => row.cells.some((cell) => cell.trim()));
  const header = mapHeader(sheet[headerIndex]?.cells ?? firstFilled?.cells ?? []);
  if (headerIndex < 0 || header.problems.length > 0)
    return {
      items: [],
      given: [],
      problems: [],
      general: header.problems.length > 0 ? header.problems : ['The file is empty.'],
    };
  const columns = header.columns;
  const column = (field: ImportField) => columns.find((c) => c.field === field);
  const general: string[] = [];
  if (!column('commodity') && !defaultCommodity)
    general.push(
      'No commodity column, and the project has no commodity: add a "Commodity" (Mercancía) column.',
    );

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

  const items: ItemRow[] = [];
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of sheet.slice(headerIndex + 1)) {
    const text = (c: Column | undefined) => (c ? (cells[c.index] ?? '').trim() : '');
    if (columns.every((c) => text(c) === '')) continue;
    const problem = (field: ImportField | 'project', message: string) => {
      const c = column(field as ImportField) ?? column('reference');
      problems.push({ row, column: c ? columnLetter(c.index) : '', header: c?.header ?? field, message });
    };
    const values: Record<string, unknown> = { project };
    for (const c of columns) {
      const raw = text(c);
      if (raw === '') continue;
      switch (c.field) {
        case 'net_weight':
        case 'gross_weight':
        case 'quantity':
          values[c.field] = numberText(raw);
          break;
        case 'commodity': {
          const id = byCommodity.get(normalise(raw));
          if (id) values.commodity = id;
          else {
            const known = commodityList.map((item) => item.name).join(', ');
            problem('commodity', `Unknown commodity "${raw}" (use ${known}).`);
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
          values[c.field] = raw;
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
      problem('label_color', 'Label colors apply only to aluminium.');
    const reference = String(data.reference);
    const earlier = seen.get(reference);
    if (earlier !== undefined)
      problem('reference', `The reference "${reference}" is also on row ${earlier}.`);
    else seen.set(reference, row);
    items.push({ row, values: data });
  }
  return { items, given: columns.map((c) => c.field), problems, general };
}
