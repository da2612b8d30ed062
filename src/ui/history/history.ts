// A record's history, readable offline for what the device holds: the server's audit log, fetched when
// the view is opened online and kept in the local store (meta, 'history:<resource>/<id>'), and, from the
// device itself, the changes still waiting to be sent. Offline, the last copy fetched is shown with its
// date; a record whose history was never fetched shows its creation and last change from its own row.
import { fetchHistory } from '../../api/history';
import type { HistoryEntry } from '../../domain/history';
import type { ResourceName } from '../../domain/registry';
import type { LocalDb } from '../../store/db';
import { entriesOf } from '../../store/marks';
import type { LocalRow } from '../../store/schema';

interface CachedHistory {
  entries: HistoryEntry[];
  /** When this copy came from the server. */
  fetched_at: string;
}

interface PendingChange {
  op: 'create' | 'update' | 'delete';
  data: Record<string, unknown> | null;
  occurred_at: string;
}

export interface RecordHistory {
  /** The server's history: fresh (online) or the copy kept (null: never fetched on this device). */
  server: CachedHistory | null;
  /** True when the copy could not be refreshed now (offline or the server unreachable). */
  stale: boolean;
  /** Changes made on this device and not sent yet, oldest first. */
  pending: PendingChange[];
  /** The record as the device holds it (created/updated by and at). */
  /** Of the resource named at run time (any record's history): a LocalRow. */
  row: LocalRow | undefined;
}

const keyOf = (resource: ResourceName, id: string) => `history:${resource}/${id}`;

async function cachedHistory(db: LocalDb, resource: ResourceName, id: string) {
  const entry = await db.meta.get(keyOf(resource, id));
  return (entry?.value as CachedHistory | undefined) ?? null;
}

/** The history to show: the server's when it answers (and kept), else the copy kept; plus what is unsent. */
export async function loadHistory(
  db: LocalDb,
  resource: ResourceName,
  id: string,
  online: boolean,
): Promise<RecordHistory> {
  let server = await cachedHistory(db, resource, id);
  let stale = true;
  if (online) {
    try {
      const fresh = await fetchHistory(resource, id);
      server = { entries: fresh.results, fetched_at: new Date().toISOString() };
      await db.meta.put({ key: keyOf(resource, id), value: server });
      stale = false;
    } catch {
      // Unreachable or refused: the copy kept, said to be from its date.
    }
  }
  const pending = (await entriesOf(db, resource, id)).map((entry) => ({
    op: entry.op,
    data: entry.data,
    occurred_at: entry.occurred_at,
  }));
  return { server, stale, pending, row: await db.rows(resource).get(id) };
}
