// The link between a record and its outbox entries: the sync mark a list shows next to each record,
// the rebase of a server row under pending changes, and the tidy-up once the changes are settled.
import type { ResourceName } from '../domain/registry';
import type { LocalDb } from './db';
import { type LocalRow, type OutboxEntry, type SyncMark, serverKey } from './schema';

/** The outbox entries of one record, oldest first. */
export async function entriesOf(db: LocalDb, resource: ResourceName, id: string): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('[resource+record_id]').equals([resource, id]).toArray();
  return entries.sort((a, b) => a.seq - b.seq);
}

/** needs_attention wins over pending; no entries: synced (no mark). */
export function markOf(entries: readonly OutboxEntry[]): SyncMark | undefined {
  if (entries.length === 0) return undefined;
  return entries.some((entry) => entry.state === 'needs_attention') ? 'needs_attention' : 'pending';
}

/**
 * The row the screen shows: the server's row with the pending changes laid over it, in order. Null when a
 * pending change deletes the record (the screen must not see it come back). Rows of the resource an outbox
 * entry names at run time: LocalRow.
 */
export function overlay(
  serverRow: Record<string, unknown> | null,
  entries: readonly OutboxEntry[],
  base: LocalRow | undefined,
): LocalRow | null {
  let row: Record<string, unknown> | null = serverRow ? { ...serverRow } : base ? { ...base } : null;
  for (const entry of entries) {
    if (entry.op === 'delete') row = null;
    else if (entry.op === 'create') row = { ...(row ?? base ?? { id: entry.record_id }), ...entry.data };
    else if (row) row = { ...row, ...entry.data };
  }
  if (!row) return null;
  const result = withoutMark(row) as LocalRow;
  const mark = markOf(entries);
  if (mark) result._sync = mark;
  return result;
}

export function withoutMark(row: Record<string, unknown>): Record<string, unknown> {
  const { _sync, ...rest } = row;
  return rest;
}

/**
 * After outbox entries of a record changed: sets its mark, and once nothing is pending forgets the server
 * copy. Call inside a transaction over the resource table, outbox and server_rows.
 */
export async function settleRecord(db: LocalDb, resource: ResourceName, id: string): Promise<void> {
  const entries = await entriesOf(db, resource, id);
  const table = db.rows(resource);
  const row = await table.get(id);
  if (entries.length === 0) await db.server_rows.delete(serverKey(resource, id));
  if (!row) return;
  const mark = markOf(entries);
  if (row._sync === mark) return;
  const next = withoutMark(row) as LocalRow;
  if (mark) next._sync = mark;
  await table.put(next);
}
