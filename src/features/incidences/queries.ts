// The project's incidences as the list shows them: filtered, newest first, one page, with names.
import type { LocalDb } from '../../store/db';
import type { RowOfResource } from '../../store/schema';
import { namesOf } from '../../ui/lookups';

export const INCIDENCE_PAGE_SIZE = 10;

export interface IncidenceFilters {
  description: string;
  type: string | null;
  status: string | null;
  detected: string | null;
  manager: string | null;
  users_interested: string | null;
}

export const emptyIncidenceFilters: IncidenceFilters = {
  description: '',
  type: null,
  status: null,
  detected: null,
  manager: null,
  users_interested: null,
};

export interface IncidenceRow {
  row: RowOfResource<'incidence'>;
  names: { type: string; detect: string; manager: string; status: string };
}

function matches(row: RowOfResource<'incidence'>, filters: IncidenceFilters): boolean {
  const description = filters.description.trim().toLowerCase();
  if (description && !(row.description ?? '').toLowerCase().includes(description)) return false;
  if (filters.type && row.type !== filters.type) return false;
  if (filters.status && row.status !== filters.status) return false;
  if (filters.detected && row.detect !== filters.detected) return false;
  if (filters.manager && row.manager !== filters.manager) return false;
  if (filters.users_interested && !(row.users_interested ?? []).includes(filters.users_interested))
    return false;
  return true;
}

export async function incidencePage(
  db: LocalDb,
  projectId: string,
  filters: IncidenceFilters,
  page: number,
  pageSize = INCIDENCE_PAGE_SIZE,
): Promise<{ total: number; rows: IncidenceRow[] }> {
  // A project has tens of incidences, not thousands: filtering its rows in memory is enough.
  const all = (await db.rows('incidence').where('project').equals(projectId).toArray()).filter((row) =>
    matches(row, filters),
  );
  all.sort((a, b) => b.id.localeCompare(a.id));
  const rows = all.slice((page - 1) * pageSize, page * pageSize);
  const [types, statuses, users] = await Promise.all([
    namesOf(
      db,
      'incidence-type',
      rows.map((row) => row.type),
    ),
    namesOf(
      db,
      'incidence-status',
      rows.map((row) => row.status),
    ),
    namesOf(
      db,
      'users',
      rows.flatMap((row) => [row.detect, row.manager]),
    ),
  ]);
  return {
    total: all.length,
    rows: rows.map((row) => ({
      row,
      names: {
        type: types.get(row.type ?? '') ?? '',
        status: statuses.get(row.status ?? '') ?? '',
        detect: users.get(row.detect ?? '') ?? '',
        manager: users.get(row.manager ?? '') ?? '',
      },
    })),
  };
}
