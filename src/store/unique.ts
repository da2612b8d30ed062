// A reference entry that repeats another's unique code (a vessel's IMO number, a port's UN/LOCODE) is
// refused on the device already, naming the field as the server would: the form says it at once, even
// offline, instead of a refusal coming back from the sync later. Only lookups: the device holds every
// live entry of a reference list, but not every project (their codes stay the server's to check).
import { messages } from '../domain/messages';
import type { ResourceName } from '../domain/registry';
import type { Resource } from '../domain/resource';
import type { LocalDb } from './db';
import { LocalValidationError } from './validate';

export async function refuseRepeats(
  db: LocalDb,
  resource: Resource,
  values: Record<string, unknown>,
  id: string,
  changed?: readonly string[],
): Promise<void> {
  if (resource.kind !== 'lookup') return;
  const errors: Record<string, string[]> = {};
  for (const set of resource.unique) {
    if (changed && !set.some((field) => changed.includes(field))) continue;
    if (set.some((field) => values[field] === null || values[field] === undefined)) continue;
    const clash = await db
      .rows(resource.name as ResourceName)
      .filter((row) => row.id !== id && !row.deleted_at && set.every((field) => row[field] === values[field]))
      .first();
    const last = set[set.length - 1];
    if (clash && last) errors[last] = [messages.unique(resource.name, last)];
  }
  if (Object.keys(errors).length > 0) throw new LocalValidationError(errors);
}
