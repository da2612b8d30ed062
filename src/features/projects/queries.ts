// The projects list read from the local store: one page, its total, and the names of its refs. Unfiltered
// pages walk the init_date index (offset + limit); filters are answered from their indexes (keys only),
// the search text and the end_date range from the search entries kept in memory (searchIndex.ts).
import { Dexie, type Table } from 'dexie';
import type { LocalDb } from '../../store/db';
import type { RowOfResource } from '../../store/schema';
import { namesOf } from '../../ui/lookups';
import { hasFilters, type ProjectFilters } from './filters';
import { searchEntries } from './searchIndex';

type ProjectRow = RowOfResource<'project'>;
type ProjectTable = Table<ProjectRow, string, ProjectRow>;

export interface ProjectListRow {
  row: ProjectRow;
  vessel: string;
  port: string;
  activity: string;
  customer: string;
  status: string;
}

export interface ProjectPage {
  rows: ProjectListRow[];
  total: number;
  /** The page these rows are (the pager shows it, so it never runs ahead of the rows on screen). */
  page: number;
}

function inRange(v: string, after: string | null, before: string | null): boolean {
  if (!after && !before) return true;
  if (!v) return false;
  return (!after || v >= after) && (!before || v <= before);
}

const REF_FILTERS = ['vessel', 'port', 'status', 'commodity'] as const;

/** Ids in list order: undated projects first (newest id first), then by init_date descending. Keys only. */
async function orderedIds(table: ProjectTable): Promise<string[]> {
  const [all, dated] = await Promise.all([
    table.toCollection().primaryKeys(),
    table.orderBy('init_date').reverse().primaryKeys(),
  ]);
  if (all.length === dated.length) return dated;
  const datedIds = new Set(dated);
  const undated = all.filter((id) => !datedIds.has(id)).sort((a, b) => (a < b ? 1 : -1));
  return [...undated, ...dated];
}

/** An unfiltered page by the index: undated projects first, then by init_date descending. */
async function unfilteredPage(table: ProjectTable, offset: number, limit: number) {
  const [total, dated] = await Promise.all([table.count(), table.orderBy('init_date').count()]);
  const undatedCount = total - dated;
  let undated: ProjectRow[] = [];
  if (undatedCount > 0 && offset < undatedCount) {
    const ids = (await orderedIds(table)).slice(offset, Math.min(offset + limit, undatedCount));
    undated = (await table.bulkGet(ids)).filter((row): row is ProjectRow => !!row);
  }
  const datedOffset = Math.max(0, offset - undatedCount);
  const datedLimit = Math.min(limit - undated.length, dated - datedOffset);
  const rows = datedLimit > 0 ? await datedPage(table, dated, datedOffset, datedLimit) : [];
  return { rows: [...undated, ...rows], total };
}

/**
 * Rows [offset, offset + limit) of the dated projects, newest first. An offset walks the index entry by
 * entry, so a page in the list's second half is read from its other end (oldest first, then turned):
 * the last page costs what the first does. The same rows in the same order: the index walked backwards
 * lists equal dates by id descending, the forward walk by id ascending, turned.
 */
async function datedPage(table: ProjectTable, dated: number, offset: number, limit: number) {
  const byDate = table.orderBy('init_date');
  if (offset <= dated / 2) return byDate.reverse().offset(offset).limit(limit).toArray();
  const rows = await byDate
    .offset(dated - offset - limit)
    .limit(limit)
    .toArray();
  return rows.reverse();
}

/**
 * A filtered page. Ref filters and the init_date range are answered from their indexes with keys only
 * (intersected in list order); the search text and the end_date range from the search entries in memory.
 */
async function filteredPage(db: LocalDb, filters: ProjectFilters, offset: number, limit: number) {
  const table = db.rows('project');
  const byDate = filters.initial_date_after || filters.initial_date_before;
  const [ordered, ...sets] = await Promise.all([
    byDate
      ? table
          .where('init_date')
          .between(filters.initial_date_after ?? '', filters.initial_date_before ?? '\uffff', true, true)
          .reverse()
          .primaryKeys()
      : orderedIds(table),
    ...REF_FILTERS.filter((key) => filters[key]).map(
      async (key) =>
        new Set(
          await table
            .where(key)
            .equals(filters[key] ?? '')
            .primaryKeys(),
        ),
    ),
  ]);
  let ids = sets.length ? ordered.filter((id) => sets.every((set) => set.has(id))) : ordered;
  if (filters.search || filters.end_date_after || filters.end_date_before) {
    // The text and end_date come from the in-memory search entries, not the rows. A read over every
    // key with values (one row) makes the live list follow edits of any project, as reading rows did.
    await table.limit(1).toArray();
    const entries = await Dexie.Promise.resolve(searchEntries(db));
    const needle = filters.search.toLowerCase();
    ids = ids.filter((id) => {
      const entry = entries.get(id);
      return (
        !!entry &&
        (!needle || entry.hay.includes(needle)) &&
        inRange(entry.end_date, filters.end_date_after, filters.end_date_before)
      );
    });
  }
  const page = await table.bulkGet(ids.slice(offset, offset + limit));
  return { rows: page.filter((row): row is ProjectRow => !!row), total: ids.length };
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
    ? await filteredPage(db, filters, offset, pageSize)
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
  const name = (names: Map<string, string>, id: string | null) => names.get(id ?? '') ?? '';
  return {
    total,
    page,
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
