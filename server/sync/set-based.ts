// What the set-based writes of a push share (push-creates.ts, push-updates.ts): the mutations waiting
// are written one statement per table, then their audit entries in one more; a failure the checks did not
// foresee rolls the batch back, to be run again one mutation at a time (push.ts).
import type { Kysely } from 'kysely';
import type { Resource } from '../../src/domain/resource.js';
import { type AuditEntry, recordAudits } from '../resources/engine/audit.js';

type Row = Record<string, unknown>;

/** The set-based write failed: the batch is run again, one mutation at a time. */
export class SetBasedFailed extends Error {
  constructor(readonly reason: unknown) {
    super(`the set-based write failed: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

/**
 * Writes `pending` a table at a time, the tables in the order they first appear (`write` gives the row
 * written for each of its mutations, in their order; undefined: not written), then one INSERT of their
 * audit entries. Each waiting mutation with its row; any failure is a SetBasedFailed.
 */
export async function writeByTable<T extends { resource: Resource }>(
  db: Kysely<unknown>,
  pending: T[],
  write: (resource: Resource, waiting: T[]) => Promise<(Row | undefined)[]>,
  audit: (waiting: T) => AuditEntry,
): Promise<[T, Row][]> {
  const answered: [T, Row][] = [];
  try {
    for (const table of new Set(pending.map((waiting) => waiting.resource.table))) {
      const group = pending.filter((waiting) => waiting.resource.table === table);
      const rows = await write(group[0].resource, group);
      for (const [index, waiting] of group.entries()) {
        const row = rows[index];
        if (!row) throw new Error(`${table}: a row of the batch was not written (changed meanwhile)`);
        answered.push([waiting, row]);
      }
    }
    await recordAudits(db, pending.map(audit));
  } catch (error) {
    throw new SetBasedFailed(error);
  }
  return answered;
}
