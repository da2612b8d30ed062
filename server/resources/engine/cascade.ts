import { sql } from 'kysely';
import { resourceNames, resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import type { Actor, WriteScope } from './actor.js';
import { type AuditEntry, recordAudits } from './audit.js';

/** The resources whose rows live under a row of `parent`: by their parent field, or, for a project, all of its rows. */
function childrenOf(parent: Resource): { resource: Resource; field: string }[] {
  const children: { resource: Resource; field: string }[] = [];
  for (const name of resourceNames) {
    const resource = resources[name] as Resource;
    if (resource.name === parent.name) continue;
    const field = parent.name === 'project' ? resource.projectField : resource.parent;
    if (!field) continue;
    const target =
      (resource.fields as Record<string, { info: { ref?: string } }>)[field]?.info.ref ??
      (resource.readOnlyFields as Record<string, { info: { ref?: string } }>)[field]?.info.ref;
    if (target === parent.name) children.push({ resource, field });
  }
  return children;
}

/**
 * Marks the row deleted (the row stays for sync, with deleted_at), with what lives under it, and audits
 * them: what a delete does, the same as a push's deletes (tombstoneAll). `existing`: the row, locked and
 * not deleted; `note` goes on its own audit entry.
 */
export async function tombstone(
  scope: WriteScope,
  resource: Resource,
  actor: Actor,
  existing: Record<string, unknown>,
  note?: string,
) {
  const id = String(existing.id).toLowerCase();
  const entries = await tombstoneAll(scope.db, resource, new Map([[id, actor]]));
  await recordAudits(
    scope.db,
    entries.map((entry) =>
      note && entry.resource === resource && entry.id === id ? { ...entry, note } : entry,
    ),
  );
}

/**
 * Tombstones rows of one resource together (each by the actor of the delete that reaches it), then what
 * lives under them a level at a time (so no orphan stays on any device): one UPDATE per table and level,
 * none row by row. Rows already deleted are left as they are. Their audit entries, for the caller to
 * record (tombstone above; a sync push's deletes, push-deletes.ts).
 */
export async function tombstoneAll(
  db: WriteScope['db'],
  resource: Resource,
  deletes: Map<string, Actor>,
  under?: string,
): Promise<AuditEntry[]> {
  if (deletes.size === 0) return [];
  const keys = [...deletes.keys()];
  const by = keys.map((key) => deletes.get(key)?.userId ?? null);
  const match = under ?? 'id';
  const rows = await sql<{
    id: string;
    version: number;
    key: string;
  }>`update ${sql.table(resource.table)} as t
    set deleted_at = now(), version = t.version + 1, updated_at = now(), updated_by = v.by
    from unnest(${keys}::uuid[], ${by}::uuid[]) as v(key, by)
    where ${sql.ref(`t.${match}`)} = v.key and t.deleted_at is null
    returning t.id, t.version, v.key::text as key`.execute(db);
  const entries: AuditEntry[] = [];
  const reached = new Map<string, Actor>();
  for (const row of rows.rows) {
    const actor = deletes.get(row.key);
    if (!actor) continue;
    const id = String(row.id);
    reached.set(id, actor);
    entries.push({ resource, id, action: 'delete', version: Number(row.version), changes: {}, actor });
  }
  for (const { resource: child, field } of childrenOf(resource))
    entries.push(...(await tombstoneAll(db, child, reached, field)));
  return entries;
}
