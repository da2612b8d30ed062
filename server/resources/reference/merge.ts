// Merging two entries of a reference list (a vessel typed twice): every live record that refers to the
// one merged away is moved to the one kept, each with a new version and an audit entry, and the merged
// one becomes a tombstone, all in the caller's transaction. Devices pull the moved records and the
// tombstone, so they converge; offline changes still naming the old entry are redirected (redirect.ts).
import { sql } from 'kysely';
import type { Resource } from '../../../src/domain/resource.js';
import { notFound, ValidationError } from '../../http/errors.js';
import { allOf, fieldName, say } from '../../i18n/message.js';
import { tombstone } from '../engine/cascade.js';
import { type Actor, lockRow, type WriteScope } from '../engine/write.js';
import { referencesTo } from './usage.js';

export interface MergeResult {
  into: string;
  moved: { resource: string; field: string; count: number }[];
}

export async function mergeEntries(
  scope: WriteScope,
  resource: Resource,
  actor: Actor,
  fromId: string,
  intoId: string,
): Promise<MergeResult> {
  if (!resource.merge) throw notFound();
  if (fromId === intoId) throw new ValidationError({ into: [say('reference.merge_self')] });
  const from = await lockRow(scope.db, resource, fromId);
  if (!from || from.deleted_at) throw notFound();
  const into = await lockRow(scope.db, resource, intoId);
  if (!into || into.deleted_at) throw new ValidationError({ into: [say('record.no_pk', { id: intoId })] });
  const differing = resource.merge.sameFields.filter(
    (field) => (from[field] ?? null) !== (into[field] ?? null),
  );
  if (differing.length > 0)
    throw new ValidationError({
      into: [
        say('reference.merge_same', {
          fields: allOf(differing.map((field) => fieldName(resource.name, field))),
        }),
      ],
    });

  const moved: MergeResult['moved'] = [];
  for (const { resource: user, field, many } of referencesTo(resource.name)) {
    if (many) continue; // no list of refs points at a reference list that merges
    const result = await sql<{ count: number }>`
      with moved as (
        update ${sql.table(user.table)} set ${sql.ref(field)} = ${intoId}, version = version + 1,
          updated_at = now(), updated_by = ${actor.userId}
        where ${sql.ref(field)} = ${fromId} and deleted_at is null and id <> ${fromId}
        returning id, version
      ), logged as (
        insert into audit_log (resource, record_id, action, version, changes, user_id, client_id, note)
        select ${user.name}, id, 'update', version,
          jsonb_build_object(${field}::text, jsonb_build_array(${fromId}::text, ${intoId}::text)),
          ${actor.userId}, ${actor.clientId ?? null}, 'merge'
        from moved returning 1
      )
      select count(*)::int as count from logged`.execute(scope.db);
    const count = result.rows[0]?.count ?? 0;
    if (count > 0) moved.push({ resource: user.name, field, count });
  }
  await tombstone(scope, resource, actor, from, `merged into ${intoId}`);
  await sql`insert into reference_merge (from_id, resource, into_id, merged_by)
    values (${fromId}, ${resource.name}, ${intoId}, ${actor.userId})
    on conflict (from_id) do update set into_id = excluded.into_id`.execute(scope.db);
  return { into: intoId, moved };
}
