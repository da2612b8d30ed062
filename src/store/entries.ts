// Building outbox entries: the per-device seq, and what each mutation must wait for.
import type { ResourceName } from '../domain/registry';
import { refsOf } from '../domain/registry';
import type { LocalDb } from './db';
import { entriesOf } from './marks';
import { takeSeq } from './meta';
import type { OutboxEntry, OutboxOp } from './schema';
import { resourceOf } from './validate';

/**
 * The mutations a new one waits for: the last earlier change of the same record (which itself waits for
 * the ones before it), and the pending create of any record its data refers to (a child of a new parent).
 */
async function dependencies(
  db: LocalDb,
  resource: ResourceName,
  id: string,
  data: Record<string, unknown> | null,
): Promise<string[]> {
  const depends = new Set<string>();
  const own = await entriesOf(db, resource, id);
  const last = own.at(-1);
  if (last) depends.add(last.mutation_id);
  if (data) {
    for (const [field, ref] of Object.entries(refsOf(resourceOf(resource)))) {
      const value = data[field];
      const ids = Array.isArray(value) ? value : value ? [value] : [];
      for (const refId of ids) {
        if (typeof refId !== 'string') continue;
        const parents = await entriesOf(db, ref.resource, refId);
        const create = parents.find((entry) => entry.op === 'create');
        if (create) depends.add(create.mutation_id);
      }
    }
  }
  return [...depends];
}

export interface NewEntry {
  mutation_id: string;
  resource: ResourceName;
  op: OutboxOp;
  record_id: string;
  data: Record<string, unknown> | null;
  base_version: number | null;
  occurred_at: string;
  user_id: string | null;
}

/** Appends a mutation to the outbox; inside the write's transaction (outbox and meta included). */
export async function appendEntry(db: LocalDb, entry: NewEntry): Promise<OutboxEntry> {
  const full: OutboxEntry = {
    ...entry,
    seq: await takeSeq(db),
    state: 'pending',
    attempts: 0,
    outcome: null,
    errors: null,
    detail: null,
    server_row: null,
    depends_on: await dependencies(db, entry.resource, entry.record_id, entry.data),
  };
  await db.outbox.add(full);
  return full;
}
