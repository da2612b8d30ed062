// Applying the server's rows locally: a pulled page (with its cursor, in one transaction) and the rows a
// push answer carries. Rows with pending changes are rebased: the server row with the pending fields
// laid over it, so the user's unsent edit never disappears from the screen.

import Dexie from 'dexie';
import { isResourceName } from '../domain/catalogue';
import type { ResourceName } from '../domain/registry';
import type { PulledPage } from '../domain/sync-wire';
import type { LocalDb } from './db';
import { overlay, withoutMark } from './marks';
import { type CursorState, getCursor, putCursor } from './meta';
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

/**
 * Writes a planned page and its cursor; inside a transaction over the tables involved. Every request is
 * made at once, in this order (IndexedDB runs a transaction's requests in the order they were made).
 */
function write(db: LocalDb, writes: PageWrites, cursor: CursorState): Promise<unknown> {
  const requests: Promise<unknown>[] = [];
  for (const [resource, rows] of writes.puts) requests.push(db.rows(resource).bulkPut(rows));
  for (const [resource, ids] of writes.deletes) requests.push(db.rows(resource).bulkDelete(ids));
  if (writes.copies.length > 0) requests.push(db.server_rows.bulkPut(writes.copies));
  if (writes.dropCopies.length > 0) requests.push(db.server_rows.bulkDelete(writes.dropCopies));
  requests.push(putCursor(db, cursor));
  return Promise.all(requests);
}

function tablesOf(db: LocalDb, tables: PulledTables) {
  const names = new Set(tables.map((table) => table.resource).filter(isResourceName));
  return [...[...names].map((name) => db.rows(name)), db.outbox, db.server_rows, db.meta];
}

/**
 * What a page's plan rests on: the outbox's entries and the server copies by record, and the scope's
 * cursor, as they stand once the page before has committed.
 */
export interface PageBasis {
  entries: Map<string, OutboxEntry[]>;
  copies: Map<string, ServerCopy>;
  cursor: CursorState;
}

/** The basis the next page finds once this page's writes have committed (the outbox is not written). */
function after(basis: Omit<PageBasis, 'cursor'>, writes: PageWrites, cursor: CursorState): PageBasis {
  const copies = new Map(basis.copies);
  for (const copy of writes.copies) copies.set(copy.key, copy);
  for (const key of writes.dropCopies) copies.delete(key);
  return { entries: basis.entries, copies, cursor };
}

/** A page planned on a basis the transaction did not find (see startPulledPage): nothing was written. */
export class StaleBasis extends Error {
  constructor() {
    super('The pulled page was planned on a state that changed before its transaction ran');
    this.name = 'StaleBasis';
  }
}

// Exactly equal, as stored: not domain/input.ts's sameValue, which takes '12.50' for '12.5' (a plan made on
// one would write a row the other had not).
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The page's plan would be the same on what was read as on the basis it was made on. */
function holds(tables: PulledTables, basis: PageBasis, read: PageBasis): boolean {
  if (!same(read.cursor, basis.cursor)) return false;
  for (const table of tables) {
    if (!isResourceName(table.resource)) continue;
    const ids = [...table.deleted, ...table.rows.map((row) => row.id)];
    for (const id of ids) {
      const key = serverKey(table.resource, id);
      if (!same(read.entries.get(key), basis.entries.get(key))) return false;
      if (!same(read.copies.get(key), basis.copies.get(key))) return false;
    }
  }
  return true;
}

/** A page whose transaction has started: the basis for the page after it, and its commit. */
export interface StartedPage {
  /** What the next page can be planned on, as soon as this page's plan is made. */
  next: Promise<PageBasis>;
  /** The transaction's end; rejects with StaleBasis when the plan's basis did not hold. */
  committed: Promise<void>;
}

/**
 * Commits one pulled page and the scope's new cursor together: after a crash the device either has the
 * page and the cursor past it, or neither. `seen` collects the records a reset download received.
 *
 * Given the `basis` the page before left (its `next`), the page is planned and its writes are made as the
 * transaction opens, while the page before is still committing: the browser copies a page's rows for
 * IndexedDB on this thread as the writes are made, and that work then overlaps the commit of the page
 * before instead of following it. IndexedDB runs the two transactions one after the other (they share
 * tables). The transaction first reads the outbox, the server copies and the cursor; if the page's plan
 * rests on anything else (the page before did not commit, or a change for one of this page's records was
 * saved or answered meanwhile), it rolls back with StaleBasis and the caller applies the page again
 * without a basis, planned on what it reads.
 */
export function startPulledPage(
  db: LocalDb,
  tables: PulledTables,
  cursor: CursorState,
  seen: Set<string> | null = null,
  basis: PageBasis | null = null,
): StartedPage {
  let planned!: (next: PageBasis) => void;
  let failed!: (error: unknown) => void;
  const next = new Promise<PageBasis>((resolve, reject) => {
    planned = resolve;
    failed = reject;
  });
  next.catch(() => {});
  // A transaction of its own even when called from the page before's (a continuation Dexie runs in that
  // transaction's zone would otherwise make this one part of it).
  const committed = Dexie.ignoreTransaction(() =>
    db.transaction('rw', tablesOf(db, tables), async () => {
      const reading = Promise.all([
        entriesByRecord(db),
        db.server_rows.toArray(),
        basis ? getCursor(db, cursor.scope) : undefined,
      ]);
      let writing: Promise<unknown> | null = null;
      if (basis) {
        const writes = plan(tables, basis.entries, basis.copies, seen);
        writing = write(db, writes, cursor);
        // Rolled back with the transaction when the basis does not hold: that error is the one to tell.
        writing.catch(() => {});
        planned(after(basis, writes, cursor));
      }
      const [entries, copyList, current] = await reading;
      const read = { entries, copies: new Map(copyList.map((copy) => [copy.key, copy])) };
      if (basis) {
        if (!holds(tables, basis, { ...read, cursor: current as CursorState })) throw new StaleBasis();
      } else {
        const writes = plan(tables, read.entries, read.copies, seen);
        writing = write(db, writes, cursor);
        planned(after(read, writes, cursor));
      }
      await writing;
    }),
  );
  // A page that fails before its plan is made has no next basis: the same error.
  committed.catch(failed);
  return { next, committed };
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
