// A change made offline before an admin merged two entries may still name the one merged away: it is
// applied to the entry kept (following merges of merges), so the tablet's work is neither refused nor
// pointed at a tombstone.
import { refsOf, resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import type { RowReader } from '../engine/reads.js';

type Row = Record<string, unknown>;

/** Replaces, in `values`, each ref among `fields` to a merged entry by the entry it was merged into. */
export async function redirectMerged(reader: RowReader, resource: Resource, values: Row, fields: string[]) {
  const refs = refsOf(resource);
  const named = fields.filter((field) => {
    const ref = refs[field];
    return ref && !ref.many && resources[ref.resource].merge && typeof values[field] === 'string';
  });
  if (named.length === 0) return;
  for (let depth = 0; depth < 10; depth++) {
    const ids = named.map((field) => String(values[field]));
    const into = await reader.mergedInto(ids);
    if (into.size === 0) return;
    for (const field of named) {
      const next = into.get(String(values[field]));
      if (next) values[field] = next;
    }
  }
}
