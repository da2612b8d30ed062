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
const building = new WeakMap<LocalDb, { reading: Reading; built: Promise<Built> }>();

Dexie.on('storagemutated', (parts) => {
  // Parts are named 'idb://<database>/<table>/<index>'; other tables (project-event...) do not count.
  if (Object.keys(parts).some((part) => part.split('/')[3] === 'project')) stamp++;
});

/** Rows per read: a query of the list asked meanwhile waits for one such read at most. */
const CHUNK = 200;

/** A read in progress; `urgent` once a search waits for it: no more pauses between its chunks. */
interface Reading {
  urgent: boolean;
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Reads the entries in chunks of CHUNK rows by id, each its own read, with a pause between two while
 * no search waits: read whole as the filter modal opened, the 2,000 projects (some 50 ms of IndexedDB
 * and of the main thread) held the user's first filter pick behind them.
 */
async function build(db: LocalDb, reading: Reading): Promise<Built> {
  const at = stamp;
  const entries = new Map<string, SearchEntry>();
  const table = db.rows('project');
  let after: string | null = null;
  for (;;) {
    const from: string | null = after;
    // Outside any live query: the list's own reads say when it must be read again.
    const rows: RowOfResource<'project'>[] = await Dexie.ignoreTransaction(() =>
      (from === null ? table.toCollection() : table.where(':id').above(from)).limit(CHUNK).toArray(),
    );
    for (const row of rows) entries.set(row.id, searchEntry(row));
    const last = rows.at(-1);
    if (rows.length < CHUNK || !last) break;
    after = last.id;
    if (!reading.urgent) await pause();
  }
  // A write during the read leaves the old stamp behind, so the next search reads again.
  const result = { stamp: at, entries };
  built.set(db, result);
  return result;
}

/** The device's projects' search entries, by id: read at most once between two writes. */
export function searchEntries(db: LocalDb, { warm = false } = {}): Promise<Map<string, SearchEntry>> {
  const current = built.get(db);
  if (current && current.stamp === stamp) return Promise.resolve(current.entries);
  const pending = building.get(db);
  if (pending) {
    if (!warm) pending.reading.urgent = true;
    return pending.built.then((result) =>
      result.stamp === stamp ? result.entries : searchEntries(db, { warm }),
    );
  }
  const reading = { urgent: !warm };
  const started = build(db, reading).finally(() => building.delete(db));
  building.set(db, { reading, built: started });
  return started.then((result) => result.entries);
}

/** Reads the entries ahead of a search (as the search box is opened or typed in), so the list need not. */
export function warmSearch(db: LocalDb | null): void {
  if (db) void searchEntries(db, { warm: true }).catch(() => undefined);
}
