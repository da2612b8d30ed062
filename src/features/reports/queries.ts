// A page of container reports on the device: filtered, newest date first, with manager and status names.
import type { LocalDb } from '../../store/db';
import type { RowOfResource } from '../../store/schema';
import { labelOf } from '../../ui/lookups';
import type { ContainerFilters } from './filters';

export interface ContainerRow {
  row: RowOfResource<'container-report'>;
  manager: string;
  status: string;
}

function matches(row: RowOfResource<'container-report'>, filters: ContainerFilters): boolean {
  const number = filters.container_number
    ?.trim()
    .toUpperCase()
    .replace(/[\s/-]/g, '');
  if (
    number &&
    !(row.container_number ?? '')
      .toUpperCase()
      .replace(/[\s/-]/g, '')
      .includes(number)
  )
    return false;
  const date = row.date ?? '';
  if (filters.date_after && (!date || date < filters.date_after)) return false;
  if (filters.date_before && (!date || date > filters.date_before)) return false;
  if (filters.manager && row.manager !== filters.manager) return false;
  if (filters.status && row.status !== filters.status) return false;
  return true;
}

export async function containerPage(db: LocalDb, filters: ContainerFilters, page: number, pageSize: number) {
  // Read whole: rows without a date are not in the date index, and a depot keeps hundreds, not millions.
  const all = (await db.rows('container-report').toArray()).filter((row) => matches(row, filters));
  all.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || b.id.localeCompare(a.id));
  const rows = all.slice((page - 1) * pageSize, page * pageSize);
  const ids = (field: 'manager' | 'status') => [
    ...new Set(rows.map((row) => row[field]).filter((id): id is string => !!id)),
  ];
  const [managers, statuses] = await Promise.all([
    db.rows('users').bulkGet(ids('manager')),
    db.rows('report-status').bulkGet(ids('status')),
  ]);
  const names = <Row extends { id: string }>(list: (Row | undefined)[], name: (row: Row) => string) =>
    new Map(list.filter((row): row is Row => !!row).map((row) => [row.id, name(row)]));
  const managerNames = names(
    managers,
    (row) => `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || row.username,
  );
  const statusNames = names(statuses, (row) => labelOf('report-status', row));
  return {
    total: all.length,
    rows: rows.map(
      (row): ContainerRow => ({
        row,
        manager: managerNames.get(row.manager ?? '') ?? '',
        status: statusNames.get(row.status ?? '') ?? '',
      }),
    ),
  };
}
