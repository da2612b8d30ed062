// A page of a project's packing list from the device, by index: 20,000 items a project stay quick.
// Without filters the page is an index walk and the total an index count; with filters one pass over the
// narrowest index range counts the matches and keeps only the page's rows.
import { Dexie } from 'dexie';
import type { LocalDb } from '../../store/db';
import type { RowOfResource } from '../../store/schema';
import { namesOf } from '../../ui/lookups';
import { activeFilters, matches, type PackingFilters } from './filters';

export interface PackingPage {
  rows: RowOfResource<'packing-list'>[];
  total: number;
  commodities: Map<string, string>;
}

/**
 * The narrowest index range for the filters: a commodity's items by the compound index (location, then
 * reference), else the project's by reference. Not the hand index: it holds only items with a validation
 * date, and a hand set in the detail modal has none.
 */
function rangeOf(db: LocalDb, projectId: string, filters: PackingFilters) {
  const table = db.rows('packing-list');
  if (filters.commodity && !filters.location)
    return table
      .where('[project+commodity+location+reference]')
      .between(
        [projectId, filters.commodity, Dexie.minKey, Dexie.minKey],
        [projectId, filters.commodity, Dexie.maxKey, Dexie.maxKey],
      );
  if (filters.commodity && filters.location)
    return table
      .where('[project+commodity+location+reference]')
      .between(
        [projectId, filters.commodity, filters.location, Dexie.minKey],
        [projectId, filters.commodity, filters.location, Dexie.maxKey],
      );
  return table.where('[project+reference]').between([projectId, Dexie.minKey], [projectId, Dexie.maxKey]);
}

export async function packingPage(
  db: LocalDb,
  projectId: string,
  filters: PackingFilters,
  page: number,
  pageSize: number,
): Promise<PackingPage> {
  const from = (page - 1) * pageSize;
  let rows: RowOfResource<'packing-list'>[];
  let total: number;
  if (activeFilters(filters).length === 0) {
    [total, rows] = await Promise.all([
      rangeOf(db, projectId, filters).count(),
      rangeOf(db, projectId, filters).offset(from).limit(pageSize).toArray(),
    ]);
  } else {
    const test = matches(filters);
    rows = [];
    total = 0;
    await rangeOf(db, projectId, filters).each((row) => {
      if (!test(row)) return;
      if (total >= from && total < from + pageSize) rows.push(row);
      total += 1;
    });
  }
  const commodities = await namesOf(
    db,
    'commodity',
    rows.map((row) => row.commodity),
  );
  return { rows, total, commodities };
}
