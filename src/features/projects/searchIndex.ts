// The projects list's text search, answered in memory. IndexedDB has no text index, and reading the 2,000
// rows of a device to match a few words took longer than the list's 100 ms; the words of each project
// (code, name, voyage, dock, lower-cased) and its end_date are read once and kept until a write to the
// project table (here, in another tab or in the sync worker: Dexie's storagemutated event covers all).
import { Dexie } from 'dexie';
import type { LocalDb } from '../../store/db';
import type { RowOfResource } from '../../store/schema';

export interface SearchEntry {
  /** The searchable text, lower-cased, its fields joined by a line break (so no match spans two). */
  hay: string;
  end_date: string;
}

interface Built {
  stamp: number;
  entries: Map<string, SearchEntry>;
}

function searchEntry(row: RowOfResource<'project'>): SearchEntry {
  return {
    hay: [row.code, row.name, row.voyage, row.dock].map((v) => (v ?? '').toLowerCase()).join('\n'),
    end_date: row.end_date ?? '',
  };
}

/** Bumped on every committed write touching a table named 'project' (any user's database). */
let stamp = 0;
const built = new WeakMap<LocalDb, Built>();
const building = new WeakMap<LocalDb, Promise<Built>>();

Dexie.on('storagemutated', (parts) => {
  // Parts are named 'idb://<database>/<table>/<index>'; other tables (project-event...) do not count.
  if (Object.keys(parts).some((part) => part.split('/')[3] === 'project')) stamp++;
});

async function build(db: LocalDb): Promise<Built> {
  const at = stamp;
  const entries = new Map<string, SearchEntry>();
  // Outside any live query: the list's own reads say when it must be read again.
  const rows = await Dexie.ignoreTransaction(() => db.rows('project').toArray());
  for (const row of rows) entries.set(row.id, searchEntry(row));
  // A write during the read leaves the old stamp behind, so the next search reads again.
  const result = { stamp: at, entries };
  built.set(db, result);
  return result;
}

/** The device's projects' search entries, by id: read at most once between two writes. */
export function searchEntries(db: LocalDb): Promise<Map<string, SearchEntry>> {
  const current = built.get(db);
  if (current && current.stamp === stamp) return Promise.resolve(current.entries);
  const pending = building.get(db);
  if (pending) return pending.then((result) => (result.stamp === stamp ? result.entries : searchEntries(db)));
  const started = build(db).finally(() => building.delete(db));
  building.set(db, started);
  return started.then((result) => result.entries);
}

/** Reads the entries ahead of a search (as the search box is opened or typed in), so the list need not. */
export function warmSearch(db: LocalDb | null): void {
  if (db) void searchEntries(db).catch(() => undefined);
}
