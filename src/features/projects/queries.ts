// The projects list read from the local store: one page, its total, and the names of its refs. Unfiltered
// pages walk the init_date index (offset + limit); a filter starts from the narrowest index it has (a ref
// or the init_date range) and checks the rest on those rows only.
import type { Collection, Table } from 'dexie';
import type { LocalDb } from '../../store/db';
import type { LocalRow } from '../../store/schema';
import { namesOf } from '../../ui/lookups';
import { hasFilters, type ProjectFilters } from './filters';

export interface ProjectListRow {
  row: LocalRow;
  vessel: string;
  port: string;
  activity: string;
  customer: string;
  status: string;
}

export interface ProjectPage {
  rows: ProjectListRow[];
  total: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The list order: newest init_date first (undated, i.e. new, projects before them), then id, descending. */
export function compareProjects(a: LocalRow, b: LocalRow): number {
  const da = text(a.init_date);
  const db = text(b.init_date);
  if (da !== db) {
    if (!da) return -1;
    if (!db) return 1;
    return da < db ? 1 : -1;
  }
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function inRange(value: unknown, after: string | null, before: string | null): boolean {
  if (!after && !before) return true;
  const v = text(value);
  if (!v) return false;
  return (!after || v >= after) && (!before || v <= before);
}

export function matchesProject(row: LocalRow, filters: ProjectFilters): boolean {
  if (filters.search) {
    const needle = filters.search.toLowerCase();
    const hay = [row.code, row.name, row.voyage, row.dock].map((v) => text(v).toLowerCase());
    if (!hay.some((value) => value.includes(needle))) return false;
  }
  for (const key of ['port', 'vessel', 'status', 'commodity'] as const)
    if (filters[key] && row[key] !== filters[key]) return false;
  return (
    inRange(row.init_date, filters.initial_date_after, filters.initial_date_before) &&
    inRange(row.end_date, filters.end_date_after, filters.end_date_before)
  );
}

/** The narrowest indexed start for the filters (refs pick few rows; then the init_date range). */
function startingSet(
  table: Table<LocalRow, string>,
  filters: ProjectFilters,
): Collection<LocalRow, string> | null {
  for (const key of ['vessel', 'port', 'status', 'commodity'] as const) {
    const value = filters[key];
    if (value) return table.where(key).equals(value);
  }
  if (filters.initial_date_after || filters.initial_date_before)
    return table
      .where('init_date')
      .between(filters.initial_date_after ?? '', filters.initial_date_before ?? '\uffff', true, true);
  return null;
}

/** An unfiltered page by the index: undated projects first, then by init_date descending. */
async function unfilteredPage(table: Table<LocalRow, string>, offset: number, limit: number) {
  const [total, dated] = await Promise.all([table.count(), table.orderBy('init_date').count()]);
  const undatedCount = total - dated;
  let undated: LocalRow[] = [];
  if (undatedCount > 0 && offset < undatedCount) {
    // Keys only: the few rows without a date are those missing from the index.
    const [all, withDate] = await Promise.all([
      table.toCollection().primaryKeys(),
      table.orderBy('init_date').primaryKeys(),
    ]);
    const datedIds = new Set(withDate);
    const ids = all.filter((id) => !datedIds.has(id)).sort((a, b) => (a < b ? 1 : -1));
    undated = (await table.bulkGet(ids.slice(offset, offset + limit))).filter(
      (row): row is LocalRow => !!row,
    );
  }
  const datedOffset = Math.max(0, offset - undatedCount);
  const datedLimit = limit - undated.length;
  const rows =
    datedLimit > 0
      ? await table.orderBy('init_date').reverse().offset(datedOffset).limit(datedLimit).toArray()
      : [];
  return { rows: [...undated, ...rows], total };
}

async function filteredPage(
  table: Table<LocalRow, string>,
  filters: ProjectFilters,
  offset: number,
  limit: number,
) {
  const start = startingSet(table, filters);
  const candidates = start ? await start.toArray() : await table.toArray();
  const matching = candidates.filter((row) => matchesProject(row, filters)).sort(compareProjects);
  return { rows: matching.slice(offset, offset + limit), total: matching.length };
}

export async function listProjects(
  db: LocalDb,
  filters: ProjectFilters,
  page: number,
  pageSize: number,
): Promise<ProjectPage> {
  const table = db.rows('project');
  const offset = (page - 1) * pageSize;
  const { rows, total } = hasFilters(filters)
    ? await filteredPage(table, filters, offset, pageSize)
    : await unfilteredPage(table, offset, pageSize);
  const [vessels, ports, activities, customers, statuses] = await Promise.all([
    namesOf(
      db,
      'vessel',
      rows.map((row) => row.vessel),
    ),
    namesOf(
      db,
      'port',
      rows.map((row) => row.port),
    ),
    namesOf(
      db,
      'project-activity',
      rows.map((row) => row.activity),
    ),
    namesOf(
      db,
      'accounts',
      rows.map((row) => row.customer),
    ),
    namesOf(
      db,
      'project-status',
      rows.map((row) => row.status),
    ),
  ]);
  const name = (names: Map<string, string>, id: unknown) => names.get(text(id)) ?? '';
  return {
    total,
    rows: rows.map((row) => ({
      row,
      vessel: name(vessels, row.vessel),
      port: name(ports, row.port),
      activity: name(activities, row.activity),
      customer: name(customers, row.customer),
      status: name(statuses, row.status),
    })),
  };
}
