// A page of a project's reports of one kind, newest first, with the names of what they refer to.
import { textOf as text } from '../../domain/reference/label';
import { getResource, type ResourceName, refsOf } from '../../domain/registry';
import type { LocalDb } from '../../store/db';
import type { LocalRow } from '../../store/schema';
import { formatDateTime } from '../../ui/format';
import { labelOf, namesOf } from '../../ui/lookups';

export interface ReportRow {
  /** Of the resource of the report kind the tab shows (named at run time): a LocalRow. */
  row: LocalRow;
  /** Column -> what the list shows. */
  cells: Record<string, string>;
}

export interface ReportPage {
  total: number;
  rows: ReportRow[];
}

async function cellsOf(
  db: LocalDb,
  resource: ResourceName,
  rows: LocalRow[],
  columns: readonly string[],
  zone?: string,
) {
  const definition = getResource(resource);
  const refs = definition ? refsOf(definition) : {};
  const names = new Map<string, Map<string, string>>();
  for (const column of columns) {
    const target = refs[column]?.resource;
    if (target)
      names.set(
        column,
        await namesOf(
          db,
          target,
          rows.map((row) => row[column]),
        ),
      );
  }
  return rows.map((row) => {
    const cells: Record<string, string> = {};
    for (const column of columns) {
      const value = row[column];
      const kind = definition?.fields[column]?.info.kind;
      if (names.has(column)) cells[column] = names.get(column)?.get(text(value)) ?? '';
      else if (kind === 'datetime') cells[column] = formatDateTime(text(value), zone);
      else cells[column] = value === null || value === undefined ? '' : String(value);
    }
    return { row, cells };
  });
}

export async function reportPage(
  db: LocalDb,
  resource: ResourceName,
  projectId: string,
  columns: readonly string[],
  page: number,
  pageSize: number,
  zone?: string,
): Promise<ReportPage> {
  const all = await db.rows(resource).where('project').equals(projectId).toArray();
  all.sort((a, b) => b.id.localeCompare(a.id));
  const rows = all.slice((page - 1) * pageSize, page * pageSize);
  return { total: all.length, rows: await cellsOf(db, resource, rows, columns, zone) };
}

/** A project's hands or hand events for the prompter report's selects. */
export async function projectOptions(db: LocalDb, resource: 'hand' | 'hand-event', projectId: string) {
  const options =
    resource === 'hand'
      ? (await db.rows('hand').where('project').equals(projectId).toArray()).map((row) => ({
          value: row.id,
          label: labelOf('hand', row),
          hand: '',
        }))
      : (await db.rows('hand-event').where('project').equals(projectId).toArray()).map((row) => ({
          value: row.id,
          label: [row.date, row.hour_from, row.description].filter(Boolean).join(' '),
          hand: row.hand,
        }));
  return options.sort((a, b) => a.label.localeCompare(b.label));
}
