// The hand page's reads: its events and incidences (through the project index: rows without dates are
// not in the compound indexes), and the page of items it validated (by [validation_hand+validation_datetime]).
import { Dexie } from 'dexie';
import type { LocalDb } from '../../store/db';
import type { RowOfResource } from '../../store/schema';
import { namesOf } from '../../ui/lookups';

/** A row with the names of the refs asked for, by field. */
export interface NamedRow<Row> {
  row: Row;
  names: Record<string, string>;
}

async function withNames<Row extends Record<string, unknown>>(
  db: LocalDb,
  rows: Row[],
  refs: Partial<Record<keyof Row & string, Parameters<typeof namesOf>[1]>>,
): Promise<NamedRow<Row>[]> {
  const maps = await Promise.all(
    (Object.entries(refs) as [string, Parameters<typeof namesOf>[1]][]).map(
      async ([field, resource]) =>
        [
          field,
          await namesOf(
            db,
            resource,
            rows.map((r) => r[field]),
          ),
        ] as const,
    ),
  );
  return rows.map((row) => ({
    row,
    names: Object.fromEntries(
      maps.map(([field, names]) => [field, names.get(String(row[field] ?? '')) ?? '']),
    ),
  }));
}

export async function handEvents(db: LocalDb, projectId: string, handId: string) {
  const rows = await db
    .rows('hand-event')
    .where('project')
    .equals(projectId)
    .filter((row) => row.hand === handId)
    .toArray();
  rows.sort(
    (a, b) =>
      (a.date ?? '').localeCompare(b.date ?? '') ||
      (a.hour_from ?? '').localeCompare(b.hour_from ?? '') ||
      a.id.localeCompare(b.id),
  );
  return withNames(db, rows, { related_event: 'event', activity: 'project-activity' });
}

export async function handIncidences(
  db: LocalDb,
  projectId: string,
  handId: string,
): Promise<RowOfResource<'hand-incidence'>[]> {
  const rows = await db
    .rows('hand-incidence')
    .where('project')
    .equals(projectId)
    .filter((row) => row.hand === handId)
    .toArray();
  return rows.sort(
    (a, b) => (a.init_date ?? '').localeCompare(b.init_date ?? '') || a.id.localeCompare(b.id),
  );
}

/** The hand's validated items, newest first, one page, with the total. */
export async function validatedByHand(db: LocalDb, handId: string, page: number, pageSize: number) {
  const range = () =>
    db
      .rows('packing-list')
      .where('[validation_hand+validation_datetime]')
      .between([handId, Dexie.minKey], [handId, Dexie.maxKey]);
  const [total, rows] = await Promise.all([
    range().count(),
    range()
      .reverse()
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .toArray(),
  ]);
  return {
    total,
    rows: await withNames(db, rows, { commodity: 'commodity', validation_prompter_identifier: 'users' }),
  };
}
