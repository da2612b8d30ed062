// The rows a push's updates name, read and locked in one statement per table before the batch writes
// anything (instead of one locking read per mutation). Each row serves the first mutation of the batch
// that touches it: a row the batch has written since is read again, and a delete (which may cascade to
// rows not named) drops them all. The field merge of those updates is judged at once too (merge.ts):
// with their rows locked, no other writer's audit entry for them can come before the batch commits.
import { type Kysely, sql } from 'kysely';
import { getResource } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import { type BatchUpdate, newerFieldsOfBatch } from './merge.js';
import type { PushedMutation } from './push-creates.js';

type Row = Record<string, unknown>;

export class LockedRows {
  /** By table, then id (lower case). */
  private readonly rows = new Map<string, Map<string, Row>>();
  /** By mutation id: the fields of an update of a locked row that a later write holds (merge.ts). */
  private readonly newer = new Map<string, Set<string>>();

  /**
   * Reads and locks the rows of the updates not answered before (`answered`: mutation ids), then judges
   * the field merge of the updates of those rows in one statement (`actorOf`: when each counts as made).
   */
  async lock<M extends PushedMutation>(
    db: Kysely<unknown>,
    mutations: M[],
    answered: ReadonlySet<string>,
    clientId: string,
    actorOf: (mutation: M) => BatchUpdate['actor'],
  ) {
    const wanted = new Map<string, Set<string>>();
    const updates: { mutation: M; resource: Resource }[] = [];
    for (const mutation of mutations) {
      const resource = getResource(mutation.resource);
      if (mutation.op !== 'update' || !resource || answered.has(mutation.mutation_id)) continue;
      updates.push({ mutation, resource });
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
    const judged = await newerFieldsOfBatch(
      db,
      clientId,
      updates
        .filter(({ mutation, resource }) => this.rows.get(resource.table)?.has(mutation.id.toLowerCase()))
        .map(({ mutation, resource }) => ({
          key: mutation.mutation_id,
          resource,
          id: mutation.id,
          fields: Object.keys(mutation.data ?? {}),
          actor: actorOf(mutation),
        })),
    );
    for (const [key, fields] of judged) this.newer.set(key, fields);
  }

  /** The fields of this update a later write holds, when judged with the batch (else undefined). */
  newerFor(mutationId: string): Set<string> | undefined {
    return this.newer.get(mutationId);
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
