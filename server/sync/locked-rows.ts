// The rows a push's updates name, read and locked in one statement per table before the batch writes
// anything (instead of one locking read per mutation). Each row serves the first mutation of the batch
// that touches it: a row the batch has written since is read again, and a delete (which may cascade to
// rows not named) drops them all.
import { type Kysely, sql } from 'kysely';
import { getResource } from '../../src/domain/registry.js';
import type { PushedMutation } from './push-creates.js';

type Row = Record<string, unknown>;

export class LockedRows {
  /** By table, then id (lower case). */
  private readonly rows = new Map<string, Map<string, Row>>();

  /** Reads and locks the rows of the updates not answered before (`answered`: mutation ids). */
  async lock(db: Kysely<unknown>, mutations: PushedMutation[], answered: ReadonlySet<string>) {
    const wanted = new Map<string, Set<string>>();
    for (const mutation of mutations) {
      const resource = getResource(mutation.resource);
      if (mutation.op !== 'update' || !resource || answered.has(mutation.mutation_id)) continue;
      const ids = wanted.get(resource.table) ?? new Set<string>();
      ids.add(mutation.id.toLowerCase());
      wanted.set(resource.table, ids);
    }
    for (const [table, ids] of wanted) {
      // In id order, as every batch locks them: two batches never wait for each other's rows in turn.
      const found = await sql<Row>`select * from ${sql.table(table)} where id = any(${[...ids]}::uuid[])
        order by id for update`.execute(db);
      this.rows.set(table, new Map(found.rows.map((row) => [String(row.id), row])));
    }
  }

  /** The row as locked, once: undefined when not read here, or taken by an earlier mutation. */
  take(table: string, id: string): Row | undefined {
    const rows = this.rows.get(table);
    const row = rows?.get(id.toLowerCase());
    rows?.delete(id.toLowerCase());
    return row;
  }

  /** After a delete: its cascade may have changed any of them. */
  clear() {
    this.rows.clear();
  }
}
