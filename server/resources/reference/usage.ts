// Which records use a reference entry (a vessel, a status...): every ref field of the registry that
// points at its resource, counted among live rows. Shown before a delete, and the reason an entry in
// use is retired rather than deleted.
import { type Kysely, sql } from 'kysely';
import { refsOf, resourceNames, resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import { ValidationError } from '../../http/errors.js';
import { say } from '../../i18n/message.js';

export interface Use {
  resource: string;
  field: string;
  count: number;
}

/** The (resource, field) pairs whose refs point at `target`. */
export function referencesTo(target: string): { resource: Resource; field: string; many: boolean }[] {
  return resourceNames.flatMap((name) =>
    Object.entries(refsOf(resources[name]))
      .filter(([, ref]) => ref.resource === target)
      .map(([field, ref]) => ({ resource: resources[name] as Resource, field, many: ref.many })),
  );
}

/** Live records using the entry, by resource and field (only those with some). */
export async function usageOf(db: Kysely<unknown>, target: Resource, id: string): Promise<Use[]> {
  const references = referencesTo(target.name);
  if (references.length === 0) return [];
  const counts = references.map(
    ({ resource, field, many }) =>
      sql`select ${resource.name} as resource, ${field} as field, count(*)::int as count
        from ${sql.table(resource.table)}
        where ${many ? sql`${id}::uuid = any(${sql.ref(field)})` : sql`${sql.ref(field)} = ${id}`}
          and deleted_at is null and id <> ${id}`,
  );
  const result = await sql<Use>`${sql.join(counts, sql` union all `)}`.execute(db);
  return result.rows.filter((row) => row.count > 0);
}

/** A reference entry in use is not deleted: the answer says how many records use it. */
export async function refuseDeleteInUse(db: Kysely<unknown>, resource: Resource, id: string) {
  if (!resource.merge) return;
  const total = (await usageOf(db, resource, id)).reduce((sum, use) => sum + use.count, 0);
  if (total > 0)
    throw new ValidationError({
      non_field_errors: [say('reference.in_use', { count: total })],
    });
}
