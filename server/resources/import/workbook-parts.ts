// The parts of an .xlsx that say where the worksheets are, and in what order Excel shows them: the
// workbook's relationships (xl/_rels/workbook.xml.rels) and its tabs (xl/workbook.xml <sheets>).
// ExcelJS's stream reader goes in ZIP entry order, which writers need not keep: with two sheets that
// each have a reference header, the first tab must win, as the user sees it. And a worksheet it meets
// before the shared strings and the relationships is read through a temporary file, of which it hands
// out only the first: such a workbook with several sheets is copied in an order it reads whole.
import { posix } from 'node:path';

export const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
export const SHARED_STRINGS = 'xl/sharedStrings.xml';
export const RELATIONSHIP = /<(?:[\w.-]+:)?Relationship\s[^>]*>/g;
export const TARGET = /\sTarget=["']([^"']+)["']/;
/** A relationship's target as a path in the ZIP (targets are relative to xl/, or absolute). */
export const partOf = (target: string) =>
  target.startsWith('/') ? target.slice(1) : posix.join('xl', target);

const SHEET = /<(?:[\w.-]+:)?sheet\s[^>]*>/g;
// The relationship id of a <sheet>: r:id (any prefix), never sheetId.
const SHEET_RELATIONSHIP = /\s[\w.-]+:id=["']([^"']+)["']/;
const RELATIONSHIP_ID = /\sId=["']([^"']+)["']/;
/** A worksheet where ExcelJS looks for one, with its number. */
const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** An empty shared-strings part: its presence alone lets ExcelJS stream every worksheet. */
export const EMPTY_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';

/** The worksheets (by the workbook's relationships) that ExcelJS would not find: their new names. */
export function worksheetRenames(rels: string, parts: ReadonlySet<string>): Map<string, string> {
  const renames = new Map<string, string>();
  let next = 1;
  for (const [tag] of rels.matchAll(RELATIONSHIP)) {
    const target = TARGET.exec(tag)?.[1];
    if (!target || !/\sType=["'][^"']*\/worksheet["']/.test(tag)) continue;
    const part = partOf(target);
    if (WORKSHEET.test(part) || !parts.has(part) || renames.has(part)) continue;
    while (parts.has(`xl/worksheets/sheet${next}.xml`)) next++;
    renames.set(part, `xl/worksheets/sheet${next++}.xml`);
  }
  return renames;
}

/** The sheet numbers ("1", "3"...) in tab order; tabs whose part cannot be placed are left out. */
export function tabOrder(workbook: string, rels: string, renames: ReadonlyMap<string, string>): string[] {
  const parts = new Map<string, string>();
  for (const [tag] of rels.matchAll(RELATIONSHIP)) {
    const id = RELATIONSHIP_ID.exec(tag)?.[1];
    const target = TARGET.exec(tag)?.[1];
    if (id && target) parts.set(id, partOf(target));
  }
  const order: string[] = [];
  for (const [tag] of workbook.matchAll(SHEET)) {
    const part = parts.get(SHEET_RELATIONSHIP.exec(tag)?.[1] ?? '');
    const number = part ? WORKSHEET.exec(renames.get(part) ?? part)?.[1] : undefined;
    if (number && !order.includes(number)) order.push(number);
  }
  return order;
}

/** Whether ExcelJS's stream reader would lose sheets: several, the first met before the parts it needs. */
export function losesSheets(names: readonly string[]): boolean {
  const first = names.findIndex((name) => WORKSHEET.test(name));
  if (names.filter((name) => WORKSHEET.test(name)).length < 2) return false;
  const before = names.slice(0, first);
  return !before.includes(SHARED_STRINGS) || !before.includes(WORKBOOK_RELS);
}

/** The order a repaired copy writes the parts in: the worksheets last, in tab order (others as they were). */
export function copyOrder<T extends { fileName: string }>(
  entries: readonly T[],
  order: readonly string[],
  renames: ReadonlyMap<string, string>,
): T[] {
  const rank = (entry: T) => {
    const number = WORKSHEET.exec(renames.get(entry.fileName) ?? entry.fileName)?.[1];
    if (number === undefined) return -1;
    const listed = order.indexOf(number);
    return listed >= 0 ? listed : order.length;
  };
  const sheets = entries.filter((entry) => rank(entry) >= 0).sort((a, b) => rank(a) - rank(b));
  return [...entries.filter((entry) => rank(entry) < 0), ...sheets];
}
