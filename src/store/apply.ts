// Applying the server's rows locally: a pulled page (with its cursor, in one transaction) and the rows a
// push answer carries. Rows with pending changes are rebased: the server row with the pending fields
// laid over it, so the user's unsent edit never disappears from the screen.

import { isResourceName } from '../domain/catalogue';
import type { ResourceName } from '../domain/registry';
import type { PulledPage } from '../domain/sync-wire';
import type { LocalDb } from './db';
import { overlay, withoutMark } from './marks';
import { type CursorState, putCursor } from './meta';
import { type LocalRow, type OutboxEntry, type ServerCopy, serverKey } from './schema';

const versionOf = (row: Record<string, unknown>) =>
  typeof row.version === 'number' ? row.version : Number(row.version);

/** Outbox entries by 'resource/id', oldest first (the outbox is small; one read per page). */
export async function entriesByRecord(db: LocalDb): Promise<Map<string, OutboxEntry[]>> {
  const byRecord = new Map<string, OutboxEntry[]>();
  for (const entry of await db.outbox.orderBy('seq').toArray()) {
    addTo(byRecord, serverKey(entry.resource, entry.record_id), entry);
  }
  return byRecord;
}

interface PageWrites {
  // A pulled page mixes resources, known from each change at run time: LocalRow.
  puts: Map<ResourceName, LocalRow[]>;
  deletes: Map<ResourceName, string[]>;
  copies: ServerCopy[];
  dropCopies: string[];
}

/** Adds `value` to the list under `key`, in place (no copy of the list per value). */
export function addTo<K, T>(map: Map<K, T[]>, key: K, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

type PulledTables = PulledPage['tables'];

/** Decides each change against the outbox and the server copies; no writes yet. */
function plan(
  tables: PulledTables,
  entries: Map<string, OutboxEntry[]>,
  copies: Map<string, ServerCopy>,
  seen: Set<string> | null,
): PageWrites {
  const writes: PageWrites = { puts: new Map(), deletes: new Map(), copies: [], dropCopies: [] };
  for (const table of tables) {
    if (!isResourceName(table.resource)) continue;
    const resource = table.resource;
    for (const id of table.deleted) {
      const key = serverKey(resource, id);
      seen?.add(key);
      const pending = entries.get(key) ?? [];
      const copy = copies.get(key);
      if (pending.length === 0) {
        addTo(writes.deletes, resource, id);
        if (copy) writes.dropCopies.push(key);
      } else {
        // Kept with its pending changes: the push will answer (a conflict the user resolves).
        writes.copies.push({
          key,
          resource,
          id,
          row: copy?.row ?? null,
          version: copy?.version ?? null,
          deleted: true,
        });
      }
    }
    for (const row of table.rows) {
      const key = serverKey(resource, row.id);
      seen?.add(key);
      const pending = entries.get(key) ?? [];
      const copy = copies.get(key);
      const version = versionOf(row);
      if (
        copy &&
        ((copy.version !== null && version < copy.version) || (copy.deleted && pending.length === 0))
      )
        continue; // older than what a push answer already told us
      if (pending.length === 0) {
        addTo(writes.puts, resource, row as LocalRow);
        if (copy) writes.dropCopies.push(key);
        continue;
      }
      writes.copies.push({ key, resource, id: row.id, row, version, deleted: false });
      const rebased = overlay(row, pending, undefined);
      if (rebased) addTo(writes.puts, resource, rebased);
    }
  }
  return writes;
}

/** Writes a planned page; inside a transaction over the tables involved. */
async function write(db: LocalDb, writes: PageWrites) {
  for (const [resource, rows] of writes.puts) await db.rows(resource).bulkPut(rows);
  for (const [resource, ids] of writes.deletes) await db.rows(resource).bulkDelete(ids);
  if (writes.copies.length > 0) await db.server_rows.bulkPut(writes.copies);
  if (writes.dropCopies.length > 0) await db.server_rows.bulkDelete(writes.dropCopies);
}

function tablesOf(db: LocalDb, tables: PulledTables) {
  const names = new Set(tables.map((table) => table.resource).filter(isResourceName));
  return [...[...names].map((name) => db.rows(name)), db.outbox, db.server_rows, db.meta];
}

/**
 * Commits one pulled page and the scope's new cursor together: after a crash the device either has the
 * page and the cursor past it, or neither. `seen` collects the records a reset download received.
 */
export async function applyPulledPage(
  db: LocalDb,
  tables: PulledTables,
  cursor: CursorState,
  seen: Set<string> | null = null,
): Promise<void> {
  await db.transaction('rw', tablesOf(db, tables), async () => {
    const entries = await entriesByRecord(db);
    const copies = new Map((await db.server_rows.toArray()).map((copy) => [copy.key, copy]));
    await write(db, plan(tables, entries, copies, seen));
    await putCursor(db, cursor);
  });
}

/** A row a push answer carried for a record, and the record's entries still in the outbox after it. */
export interface AnsweredRow {
  resource: ResourceName;
  id: string;
  row: Record<string, unknown> | null;
  remaining: readonly OutboxEntry[];
}

/**
 * What one answer makes of a record's server copy and local row (undefined: the row stays as it is;
 * null: the row goes). No reads or writes: the caller has the copy and the row.
 */
function answered(
  { resource, id, row, remaining }: AnsweredRow,
  copy: ServerCopy | undefined,
  local: LocalRow | undefined,
): { copy: ServerCopy; local: LocalRow | null | undefined } {
  const key = serverKey(resource, id);
  if (!row) {
    // Deleted on the server: remember it so a stale pulled page cannot bring it back.
    const gone = { key, resource, id, row: null, version: null, deleted: true };
    return { copy: gone, local: remaining.length === 0 ? null : undefined };
  }
  const version = versionOf(row);
  const newer = !copy || copy.version === null || version >= copy.version;
  const serverRow = newer ? row : (copy?.row ?? row);
  const next = {
    key,
    resource,
    id,
    row: serverRow,
    version: newer ? version : (copy?.version ?? version),
    deleted: false,
  };
  const rebased = overlay(serverRow, remaining, local ? (withoutMark(local) as LocalRow) : undefined);
  return { copy: next, local: rebased };
}

/**
 * Stores the row a push answer carried for a record, once its entry has left the outbox: the new server
 * copy, and the local row rebuilt from it and the changes still pending. Inside the answer's transaction.
 */
export async function applyAnsweredRow(
  db: LocalDb,
  resource: ResourceName,
  id: string,
  row: Record<string, unknown> | null,
  remaining: readonly OutboxEntry[],
): Promise<void> {
  const table = db.rows(resource);
  const [copy, local] = await Promise.all([db.server_rows.get(serverKey(resource, id)), table.get(id)]);
  const next = answered({ resource, id, row, remaining }, copy, local);
  await db.server_rows.put(next.copy);
  if (next.local) await table.put(next.local);
  else if (next.local === null) await table.delete(id);
}

/**
 * The rows of a whole answer, in the batch's order, as applyAnsweredRow one after the other would leave
 * them: the copies and rows read at once, each answer applied to what the previous ones made of them, and
 * the result written at once (a few requests for the batch, not six for each of its 200 changes).
 */
export async function applyAnsweredRows(db: LocalDb, answers: readonly AnsweredRow[]): Promise<void> {
  const keys = [...new Set(answers.map((one) => serverKey(one.resource, one.id)))];
  const found = await db.server_rows.bulkGet(keys);
  const copies = new Map<string, ServerCopy | undefined>(keys.map((key, index) => [key, found[index]]));
  const locals = new Map<string, LocalRow | null | undefined>();
  const byResource = new Map<ResourceName, string[]>();
  for (const { resource, id } of answers) addTo(byResource, resource, id);
  for (const [resource, ids] of byResource) {
    const unique = [...new Set(ids)];
    const rows = await db.rows(resource).bulkGet(unique);
    for (const [index, id] of unique.entries()) locals.set(serverKey(resource, id), rows[index]);
  }
  const written = new Map<string, AnsweredRow>();
  for (const one of answers) {
    const key = serverKey(one.resource, one.id);
    const next = answered(one, copies.get(key), locals.get(key) ?? undefined);
    copies.set(key, next.copy);
    if (next.local !== undefined) {
      locals.set(key, next.local);
      written.set(key, one);
    }
  }
  await db.server_rows.bulkPut(keys.flatMap((key) => copies.get(key) ?? []));
  const puts = new Map<ResourceName, LocalRow[]>();
  const deletes = new Map<ResourceName, string[]>();
  for (const [key, { resource, id }] of written) {
    const local = locals.get(key);
    if (local) addTo(puts, resource, local);
    else addTo(deletes, resource, id);
  }
  for (const [resource, rows] of puts) await db.rows(resource).bulkPut(rows);
  for (const [resource, ids] of deletes) await db.rows(resource).bulkDelete(ids);
}
