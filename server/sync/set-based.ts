// What the set-based writes of a push share (push-creates.ts, push-updates.ts, push-deletes.ts): the
// mutations waiting are written one statement per table, then their audit entries in one more; a failure
// the checks did not foresee rolls the batch back, to be run again one mutation at a time (push.ts).
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
 * Writes `pending` a table at a time, the tables in the order they first appear (`write` writes those of
 * one table and gives what it wrote), then one INSERT of the audit entries `audits` makes of all that was
 * written. What was written, table after table; any failure is a SetBasedFailed.
 */
export async function writeByTable<T extends { resource: Resource }, W>(
  db: Kysely<unknown>,
  pending: T[],
  write: (resource: Resource, waiting: T[]) => Promise<W[]>,
  audits: (written: W[]) => AuditEntry[],
): Promise<W[]> {
  const written: W[] = [];
  try {
    for (const table of new Set(pending.map((waiting) => waiting.resource.table))) {
      const group = pending.filter((waiting) => waiting.resource.table === table);
      written.push(...(await write(group[0].resource, group)));
    }
    await recordAudits(db, audits(written));
  } catch (error) {
    throw new SetBasedFailed(error);
  }
  return written;
}

/** Each waiting mutation with the row written for it (`rows` in their order); a row missing fails the write. */
export function withRows<T>(table: string, waiting: T[], rows: (Row | undefined)[]): [T, Row][] {
  return waiting.map((one, index) => {
    const row = rows[index];
    if (!row) throw new Error(`${table}: a row of the batch was not written (changed meanwhile)`);
    return [one, row];
  });
}
