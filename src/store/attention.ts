// "Needs attention": changes the server refused, kept with the user's data and the server's words. The
// user fixes and retries one, or discards it on purpose (with the changes that depend on it).
import { writableFields } from '../domain/input';
import { syncColumns } from '../domain/model';
import { moveRefusal } from '../domain/refusals';
import type { LocalDb } from './db';
import { entriesOf, overlay, settleRecord } from './marks';
import { type LocalRow, type OutboxEntry, serverKey } from './schema';
import { LocalValidationError, refuseInput, resourceOf, validateRecord } from './validate';

function mustWait(entry: OutboxEntry | undefined, id: string): OutboxEntry {
  if (entry?.state !== 'needs_attention')
    throw new LocalValidationError({ non_field_errors: [`No change ${id} waits for attention.`] });
  return entry;
}

/**
 * Corrects a refused change and queues it again, same mutation id: `data` holds the fields to change,
 * laid over what the change carried (a create's fields, an update's changed fields). Validated like a
 * save; the record shows the new data at once. Without `data` the change is simply sent again. A change
 * that lost to a later one (a conflict) is the user's decision now: it goes with `now` (this device's
 * clock) as its time, so the server orders it after the value that stood.
 */
export async function retryEntry(
  db: LocalDb,
  mutationId: string,
  data?: Record<string, unknown>,
  now = Date.now(),
): Promise<void> {
  const current = await db.outbox.get(mutationId);
  const resource = resourceOf(mustWait(current, mutationId).resource);
  await db.transaction(
    'rw',
    [db.rows(current?.resource ?? 'project'), db.outbox, db.server_rows],
    async () => {
      const entry = mustWait(await db.outbox.get(mutationId), mutationId);
      let next = entry.data;
      if (data && entry.op !== 'delete') {
        const input = writableFields(resource, data);
        refuseInput(resource, input, entry.op === 'create');
        const local = await db.rows(entry.resource).get(entry.record_id);
        const base = entry.op === 'create' ? (entry.data ?? {}) : { ...(local ?? {}), ...entry.data };
        const parsed = validateRecord(resource, { ...base, ...input });
        const fields =
          entry.op === 'create' ? Object.keys(resource.fields) : Object.keys({ ...entry.data, ...input });
        next = {};
        for (const field of fields) {
          const value = parsed[field] ?? null;
          if (entry.op === 'update' || value !== null) next[field] = value;
        }
        // A record the server has stays in its project (the fix form shows that field fixed).
        const copy = (await db.server_rows.get(serverKey(entry.resource, entry.record_id)))?.row;
        const moved = copy ? moveRefusal(resource, copy, { ...copy, ...next }) : {};
        if (Object.keys(moved).length > 0) throw new LocalValidationError(moved);
      }
      await db.outbox.update(mutationId, {
        data: next,
        ...(entry.outcome === 'conflict' ? { occurred_at: new Date(now).toISOString() } : {}),
        state: 'pending',
        outcome: null,
        errors: null,
        detail: null,
        server_row: null,
      });
      await rebuild(db, entry);
    },
  );
}

/**
 * The mutation and every entry that depends on it, directly or not (they cannot apply without it). An
 * entry sent whose answer never came is not among them: the server may have applied it (in the batch
 * where the refused one was refused, which does not stop the others), so it stays and is sent again,
 * and the server's answer for it (its stored one, or a new judgement) decides.
 */
async function withDependents(db: LocalDb, root: OutboxEntry): Promise<OutboxEntry[]> {
  const doomed = new Set([root.mutation_id]);
  const chosen = [root];
  for (const entry of await db.outbox.orderBy('seq').toArray()) {
    if (doomed.has(entry.mutation_id) || entry.unanswered) continue;
    if (entry.depends_on.some((id) => doomed.has(id))) {
      doomed.add(entry.mutation_id);
      chosen.push(entry);
    }
  }
  return chosen;
}

/** The changes a discard would remove (the refused one first), for the confirmation to name them. */
export async function discardPreview(db: LocalDb, mutationId: string): Promise<OutboxEntry[]> {
  return withDependents(db, mustWait(await db.outbox.get(mutationId), mutationId));
}

/** Rebuilds a record's local row from the last server copy and the changes still queued. */
async function rebuild(db: LocalDb, entry: OutboxEntry) {
  const table = db.rows(entry.resource);
  const copy = await db.server_rows.get(serverKey(entry.resource, entry.record_id));
  const local = await table.get(entry.record_id);
  const remaining = await entriesOf(db, entry.resource, entry.record_id);
  const stamps = local
    ? (Object.fromEntries(syncColumns.map((name) => [name, local[name]])) as LocalRow)
    : undefined;
  const serverRow = copy?.deleted ? null : (copy?.row ?? null);
  const startsHere = remaining[0]?.op === 'create';
  const row = serverRow || startsHere ? overlay(serverRow, remaining, stamps) : null;
  if (row) await table.put(row);
  else await table.delete(entry.record_id);
  await settleRecord(db, entry.resource, entry.record_id);
}

/**
 * Discards a refused change on purpose, with the changes that depend on it. Each record touched goes back
 * to the last server copy with its other queued changes laid over it (a record the server never had, or
 * has deleted, goes away). Returns the number of changes removed.
 */
export async function discardEntry(db: LocalDb, mutationId: string): Promise<number> {
  const root = mustWait(await db.outbox.get(mutationId), mutationId);
  const preview = await withDependents(db, root);
  const tables = [...new Set(preview.map((entry) => entry.resource))].map((name) => db.rows(name));
  return db.transaction('rw', [...tables, db.outbox, db.server_rows], async () => {
    const doomed = await withDependents(db, mustWait(await db.outbox.get(mutationId), mutationId));
    await db.outbox.bulkDelete(doomed.map((entry) => entry.mutation_id));
    const records = new Map(doomed.map((entry) => [serverKey(entry.resource, entry.record_id), entry]));
    for (const entry of records.values()) await rebuild(db, entry);
    return doomed.length;
  });
}
