// A push's deletes, written set-based: each is checked in its turn (its row locked; nothing to delete
// when it is gone or already a tombstone) and answered at once (a delete's answer has no row), but a run
// of deletes is written together — one UPDATE per table, and per table and level of what lives under
// the rows (the cascade, cascade.ts tombstoneAll), then one INSERT of every audit entry — before any
// other kind of mutation of the batch, before a second delete of the same record, and at the batch's end.
// A reference entry (a vessel, a status...) is deleted one at a time: whether it is in use depends on the
// rows the deletes before it leave. Should the set-based write fail, the batch is rolled back and run one
// mutation at a time (push.ts).
import type { Kysely } from 'kysely';
import type { Resource } from '../../src/domain/resource.js';
import type { Actor } from '../resources/engine/actor.js';
import { tombstoneAll } from '../resources/engine/cascade.js';
import { lockRow } from '../resources/engine/write.js';
import type { PushedMutation } from './push-creates.js';
import { writeByTable } from './set-based.js';

interface PendingDelete {
  resource: Resource;
  id: string;
  actor: Actor;
}

export class BatchedDeletes {
  private pending: PendingDelete[] = [];

  constructor(private readonly db: Kysely<unknown>) {}

  /**
   * Whether this mutation is a delete (unguarded: a refusal rolls back its batch) that may wait. The tables
   * are written in the order they first appear, so one joins the run only in the last table or a new
   * one: its row is then written after every delete sent before it, and a cascade reaches what it would
   * have reached one mutation at a time.
   */
  takes(unguarded: boolean, resource: Resource | undefined, mutation: PushedMutation): boolean {
    if (!unguarded || mutation.op !== 'delete' || !resource || resource.merge) return false;
    const key = mutation.id.toLowerCase();
    const tables = this.pending.map((waiting) => waiting.resource.table);
    if (tables.includes(resource.table) && tables[tables.length - 1] !== resource.table) return false;
    return !this.pending.some((waiting) => waiting.resource.table === resource.table && waiting.id === key);
  }

  /** Locks the record and keeps its delete to be written (nothing when it is gone or already deleted). */
  async add(resource: Resource, actor: Actor, mutation: PushedMutation) {
    const existing = await lockRow(this.db, resource, mutation.id);
    if (!existing || existing.deleted_at) return;
    this.pending.push({ resource, id: String(existing.id).toLowerCase(), actor });
  }

  /** Writes the waiting deletes and their cascades, a table at a time, then every audit entry at once. */
  async flush() {
    const pending = this.pending;
    if (pending.length === 0) return;
    this.pending = [];
    await writeByTable(
      this.db,
      pending,
      (resource, deletes) =>
        tombstoneAll(this.db, resource, new Map(deletes.map((waiting) => [waiting.id, waiting.actor]))),
      (entries) => entries,
    );
  }
}
