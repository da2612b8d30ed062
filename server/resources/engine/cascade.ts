import { sql } from 'kysely';
import { resourceNames, resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import type { Actor, WriteScope } from './actor.js';
import { recordAudit } from './audit.js';

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

type Row = Record<string, unknown>;

/** Deleting a record deletes (by tombstone) what lives under it, so no orphan stays on any device. */
async function cascadeDelete(scope: WriteScope, parent: Resource, actor: Actor, id: string) {
  for (const { resource, field } of childrenOf(parent)) {
    const rows = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(resource.table)} where ${sql.ref(field)} = ${id} and deleted_at is null for update`.execute(
      scope.db,
    );
    for (const row of rows.rows) await tombstone(scope, resource, actor, row);
  }
}

/** Marks the row deleted (the row stays for sync, with deleted_at), audits it, and deletes what lives under it. */
export async function tombstone(
  scope: WriteScope,
  resource: Resource,
  actor: Actor,
  existing: Row,
  note?: string,
) {
  const version = Number(existing.version) + 1;
  await sql`update ${sql.table(resource.table)} set deleted_at = now(), version = ${version}, updated_at = now(), updated_by = ${actor.userId} where id = ${existing.id}`.execute(
    scope.db,
  );
  await recordAudit(scope.db, {
    resource,
    id: String(existing.id),
    action: 'delete',
    version,
    changes: {},
    actor,
    note,
  });
  await cascadeDelete(scope, resource, actor, String(existing.id));
}
