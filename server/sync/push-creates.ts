// A push's creates of new records, written set-based: each is checked as createRecord checks it (the
// same prepareCreate, reading other rows from the batch's reads, batch-reads.ts) and answered in its
// turn, but the rows are written together — one INSERT per table, one for their audit entries — before
// any other write of the batch touches the database, and at the batch's end. A refusal is found before
// anything is written, so it needs no savepoint. Should the set-based write fail (a database refusal the
// checks did not foresee, an id created meanwhile), the batch is rolled back and run one mutation at a
// time (push.ts).
import type { Kysely } from 'kysely';
import { resources } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import type { Mutation } from '../../src/domain/sync-wire.js';
import type { Engine } from '../db/database.js';
import { columnsOf } from '../resources/engine/columns.js';
import { requestedId, writableInput } from '../resources/engine/input.js';
import { type Actor, createdAudit, insertRecords, prepareCreate } from '../resources/engine/write.js';
import { BatchReads } from './batch-reads.js';
import { withRows, writeByTable } from './set-based.js';

type Row = Record<string, unknown>;

/** What the batch's helpers read of a pushed mutation. */
export type PushedMutation = Pick<Mutation, 'mutation_id' | 'resource' | 'op' | 'id' | 'data'>;

export interface PendingCreate {
  resource: Resource;
  id: string;
  values: Row;
  actor: Actor;
  mutation: PushedMutation;
}

/** Creates of resources with unique fields are checked against the table, one at a time. */
const setBased = (resource: Resource) => resource.unique.length === 0;

/** The ids a mutation's data names, by table; and those that may name a merged reference entry. */
function namedIn(resource: Resource, data: Row, wanted: Map<string, Set<string>>, mergeable: Set<string>) {
  for (const [field, ref] of Object.entries(columnsOf(resource).refs)) {
    const value = data[field];
    const ids = ref.many && Array.isArray(value) ? value : [value];
    const table = resources[ref.resource].table;
    for (const id of ids) {
      if (typeof id !== 'string') continue;
      wanted.get(table)?.add(id) ?? wanted.set(table, new Set([id]));
      if (!ref.many && resources[ref.resource].merge) mergeable.add(id);
    }
  }
}

export class BatchedCreates {
  readonly reads: BatchReads;
  private pending: PendingCreate[] = [];
  /** The reads no longer cover the rest of the batch (at the start, and after a delete). */
  private stale = true;

  /** `written` answers each create once its row is written. */
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly engine: Engine,
    private readonly mutations: PushedMutation[],
    private readonly written: (mutationId: string, row: Row) => void,
  ) {
    this.reads = new BatchReads(db, () => this.flush());
  }

  /** Whether the mutation at `index` is a create of a record not there yet, which this writes. */
  async takes(index: number, resource: Resource, mutation: PushedMutation): Promise<boolean> {
    if (mutation.op !== 'create' || !setBased(resource)) return false;
    if (this.stale) await this.readAhead(index);
    return (await this.reads.row(resource.table, mutation.id)) === null;
  }

  /** Reads at once what the creates from `index` on name: their own ids and the rows they refer to. */
  private async readAhead(index: number) {
    const wanted = new Map<string, Set<string>>();
    const mergeable = new Set<string>();
    for (const mutation of this.mutations.slice(index)) {
      const resource = resources[mutation.resource as keyof typeof resources] as Resource | undefined;
      if (mutation.op !== 'create' || !resource || !setBased(resource)) continue;
      namedIn(resource, { ...mutation.data, id: mutation.id }, wanted, mergeable);
      wanted.get(resource.table)?.add(mutation.id) ?? wanted.set(resource.table, new Set([mutation.id]));
    }
    await this.reads.load(wanted, mergeable);
    this.stale = false;
  }

  /** Checks the create (throwing its refusal) and keeps it to be written. */
  async create(resource: Resource, actor: Actor, mutation: PushedMutation) {
    const body = { ...mutation.data, id: mutation.id };
    const input = writableInput(resource, body);
    const id = requestedId(body) ?? mutation.id;
    const values = await prepareCreate(
      { db: this.db, engine: this.engine, reader: this.reads },
      resource,
      id,
      input,
    );
    if (this.refersAhead(resource, values)) await this.flush();
    this.reads.created(resource.table, id, values);
    this.pending.push({ resource, id, values, actor, mutation });
  }

  /**
   * The tables are written in the order they first appear: a row that names a row waiting in a table
   * written after its own would break that table's reference. What waits is written first, then.
   */
  private refersAhead(resource: Resource, values: Row) {
    const order = [...new Set(this.pending.map((create) => create.resource.table))];
    const own = order.indexOf(resource.table);
    if (own < 0) return false;
    const later = new Set(
      this.pending.filter((create) => order.indexOf(create.resource.table) > own).map((create) => create.id),
    );
    if (later.size === 0) return false;
    return Object.keys(columnsOf(resource).refs).some((field) => {
      const value = values[field];
      return (Array.isArray(value) ? value : [value]).some((id) => typeof id === 'string' && later.has(id));
    });
  }

  /** Writes the waiting creates: one INSERT per table, one for the audit entries. */
  async flush() {
    const pending = this.pending;
    if (pending.length === 0) return;
    this.pending = [];
    const answered = await writeByTable(
      this.db,
      pending,
      async (resource, creates) => {
        const stored = await insertRecords(this.db, resource, creates);
        this.reads.written(resource.table, stored);
        return withRows(resource.table, creates, stored);
      },
      () => pending.map((create) => createdAudit(create.resource, create.id, create.values, create.actor)),
    );
    for (const [create, row] of answered) this.written(create.mutation.mutation_id, row);
  }

  /** After another write of the batch: what it changed is read again (everything, after a delete). */
  after(resource: Resource, mutation: PushedMutation) {
    if (mutation.op === 'delete') {
      this.reads.clear();
      this.stale = true;
    } else this.reads.forget(resource.table, mutation.id);
  }

  /** Whether the answer of this mutation waits for its row to be written. */
  waits(mutationId: string) {
    return this.pending.some((create) => create.mutation.mutation_id === mutationId);
  }
}
