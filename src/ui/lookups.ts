// How a referenced record is named on screen (a flat row's ref is an id: screens join the name from the
// locally stored lookup), and the indexed search behind the search-selects.
import i18next from 'i18next';
import { lookupLabel, textOf as text } from '../domain/reference/label';
import type { ResourceName } from '../domain/registry';
import type { LocalDb } from '../store/db';
import type { LocalRow } from '../store/schema';
import { formatDateTime } from './format';

export interface Option {
  value: string;
  label: string;
}

/**
 * The name a record goes by where another record refers to it, in the interface's language (or the one
 * given: a live query passes the language it depends on, so a switch reads the names again).
 */
export function labelOf(
  resource: ResourceName,
  row: LocalRow | null | undefined, // of any resource with a display, named at run time
  language: string = i18next.language,
): string {
  if (!row) return '';
  if (resource === 'project-event') return formatDateTime(text(row.init_date));
  return lookupLabel(resource, row, language) || row.id;
}

/** Lookups too long to list whole: searched by their name index. */
export const searchIndexOf: Partial<Record<ResourceName, string>> = {
  port: 'name',
  vessel: 'name',
  accounts: 'trade_name',
  users: 'username',
  country: 'name',
};

/** Offered for new choices: not a retired entry, not a deactivated user (both stay on old records). */
export const usable = (row: LocalRow) => row.retired !== true && row.is_active !== false;

/** Lower case without accents: "Cádiz" is found by "cadiz", "Peña" by "pena". */
export const folded = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Up to `limit` records for what was typed (the first ones when nothing was): those whose indexed name
 * starts with it first (the index answers at once), then those whose shown name holds it anywhere, any
 * case and accent: a user is found by surname ("gil" finds "Pedro Gil (pedro)"), a vessel by a word
 * inside its name.
 */
export async function searchLookup(
  db: LocalDb,
  resource: ResourceName,
  query: string,
  limit = 20,
  language: string = i18next.language,
): Promise<Option[]> {
  const label = (row: LocalRow) => labelOf(resource, row, language);
  const index = searchIndexOf[resource];
  const table = db.rows(resource);
  const q = query.trim();
  if (!q) {
    const rows = await (index ? table.orderBy(index) : table.toCollection())
      .filter(usable)
      .limit(limit)
      .toArray();
    return rows.map((row) => ({ value: row.id, label: label(row) }));
  }
  const first = index
    ? await table.where(index).startsWithIgnoreCase(q).filter(usable).limit(limit).toArray()
    : [];
  const found = new Map(first.map((row) => [row.id, label(row)]));
  if (found.size < limit) {
    const wanted = folded(q);
    const more = await table
      .filter((row) => usable(row) && !found.has(row.id) && folded(label(row)).includes(wanted))
      .limit(limit - found.size)
      .toArray();
    for (const row of more) found.set(row.id, label(row));
  }
  return [...found].map(([value, label]) => ({ value, label }));
}

/** Names of many records by id, one read (for a page of rows). */
export async function namesOf(
  db: LocalDb,
  resource: ResourceName,
  ids: Iterable<unknown>,
  language: string = i18next.language,
): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id !== ''))];
  const rows = wanted.length ? await db.rows(resource).bulkGet(wanted) : [];
  const names = new Map<string, string>();
  rows.forEach((row, index) => {
    if (row) names.set(wanted[index], labelOf(resource, row, language));
  });
  return names;
}
