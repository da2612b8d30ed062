// A change made offline before an admin merged two entries may still name the one merged away: it is
// applied to the entry kept (following merges of merges), so the tablet's work is neither refused nor
// pointed at a tombstone.
import { type Kysely, sql } from 'kysely';
import { refsOf, resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';

type Row = Record<string, unknown>;

/** Replaces, in `values`, each ref among `fields` to a merged entry by the entry it was merged into. */
export async function redirectMerged(db: Kysely<unknown>, resource: Resource, values: Row, fields: string[]) {
  const refs = refsOf(resource);
  const named = fields.filter((field) => {
    const ref = refs[field];
    return ref && !ref.many && resources[ref.resource].merge && typeof values[field] === 'string';
  });
  if (named.length === 0) return;
  for (let depth = 0; depth < 10; depth++) {
    const ids = named.map((field) => String(values[field]));
    const found = await sql<{ from_id: string; into_id: string }>`
      select from_id, into_id from reference_merge where from_id = any(${ids}::uuid[])`.execute(db);
    if (found.rows.length === 0) return;
    const into = new Map(found.rows.map((row) => [row.from_id, row.into_id]));
    for (const field of named) {
      const next = into.get(String(values[field]));
      if (next) values[field] = next;
    }
  }
}
