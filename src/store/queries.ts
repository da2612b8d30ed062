// Reads the screens (and their hooks) use; plain functions over a LocalDb, testable without React.
import type { Collection, Table } from 'dexie';
import type { ResourceName } from '../domain/registry';
import type { LocalDb } from './db';
import { entriesOf, markOf } from './marks';
import { type LocalRow, type OutboxEntry, type RowsOf, type SyncMark, serverKey } from './schema';

export type PendingState = 'pending' | 'needs_attention' | 'synced';

/** A query over one resource table: a Dexie collection (`table.where(...)`), or rows already read. */
export type ListQuery<N extends ResourceName = ResourceName> = (
  table: Table<RowsOf<N>, string, RowsOf<N>>,
) => Collection<RowsOf<N>, string, RowsOf<N>> | Promise<RowsOf<N>[]>;

export async function readRecord<N extends ResourceName>(
  db: LocalDb,
  resource: N,
  id: string,
): Promise<RowsOf<N> | null> {
  return (await db.rows(resource).get(id)) ?? null;
}

export async function readList<N extends ResourceName>(
  db: LocalDb,
  resource: N,
  query?: ListQuery<N>,
): Promise<RowsOf<N>[]> {
  const table = db.rows(resource);
  if (!query) return table.toArray();
  const result = query(table);
  return result instanceof Promise ? result : result.toArray();
}

export async function countList<N extends ResourceName>(
  db: LocalDb,
  resource: N,
  query?: ListQuery<N>,
): Promise<number> {
  const table = db.rows(resource);
  if (!query) return table.count();
  const result = query(table);
  return result instanceof Promise ? (await result).length : result.count();
}

/** Where a record stands against the server (from its outbox entries, the source of truth). */
export async function pendingState(db: LocalDb, resource: ResourceName, id: string): Promise<PendingState> {
  return markOf(await entriesOf(db, resource, id)) ?? 'synced';
}

/** The mark a listed row carries (kept on the row in the same transactions as the outbox). */
export function rowState(row: { _sync?: SyncMark }): PendingState {
  return row._sync ?? 'synced';
}

export interface AttentionItem {
  entry: OutboxEntry;
  /** The record as the device shows it now (the user's data), null when deleted. Any resource's: a LocalRow. */
  local: LocalRow | null;
  /** The record as the server last had it (what a discard goes back to); null when it never had it. */
  server: Record<string, unknown> | null;
}

/** Changes the server refused, oldest first, with the record as the user sees it. */
export async function needsAttention(db: LocalDb): Promise<AttentionItem[]> {
  const entries = await db.outbox.where('state').equals('needs_attention').sortBy('seq');
  return Promise.all(
    entries.map(async (entry) => {
      const copy = await db.server_rows.get(serverKey(entry.resource, entry.record_id));
      return {
        entry,
        local: (await db.rows(entry.resource).get(entry.record_id)) ?? null,
        server: copy && !copy.deleted ? copy.row : null,
      };
    }),
  );
}
