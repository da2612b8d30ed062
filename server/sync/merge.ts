// The field merge of a pushed update: an update sets only the fields it carries, and a field another
// writer wrote later keeps that writer's value. "Later" is the server's order (audit.ts orderAt): the
// time of receipt less the change's age on its device's clock, never the device's clock itself. A
// device's own earlier writes never outrank its later ones (it applies them in seq order).
import { type Kysely, sql } from 'kysely';
import type { Resource } from '../../src/domain/resource.js';
import { type Message, say } from '../i18n/message.js';
import { orderAt, recordAudit, storedOrder } from '../resources/engine/audit.js';
import { sameValue } from '../resources/engine/input.js';
import type { Actor } from '../resources/engine/write.js';

type Row = Record<string, unknown>;

/** The note of the audit entry that keeps a write which lost to a later one. */
const SUPERSEDED = 'superseded by a later change';

/** Fields among `fields` whose last write by another writer is ordered after this one. */
async function newerFields(
  db: Kysely<unknown>,
  resource: Resource,
  id: string,
  fields: string[],
  actor: Actor,
) {
  if (fields.length === 0) return new Set<string>();
  const rows = await sql<{
    field: string;
  }>`select key as field from audit_log a, jsonb_object_keys(a.changes) as key
    where a.resource = ${resource.name} and a.record_id = ${id} and key = any(${fields}::text[])
      and a.note is distinct from ${SUPERSEDED} and a.client_id is distinct from ${actor.clientId ?? null}
    group by key having max(${storedOrder}) > ${orderAt(actor)}`.execute(db);
  return new Set(rows.rows.map((row) => row.field));
}

/**
 * Splits an update's data into the fields to write and those a later write holds (with the value that
 * stands). The lost values go to the audit log, once per mutation however often it is sent.
 */
export async function mergeFields(
  db: Kysely<unknown>,
  resource: Resource,
  actor: Actor,
  row: Row,
  data: Row,
) {
  const changed = Object.keys(data).filter((field) => !sameValue(row[field], data[field]));
  const newer = await newerFields(db, resource, String(row.id), changed, actor);
  const kept = Object.fromEntries(Object.entries(data).filter(([field]) => !newer.has(field)));
  const standing = Object.fromEntries([...newer].map((field) => [field, row[field] ?? null]));
  if (newer.size > 0) {
    const recorded =
      await sql`select 1 from audit_log where mutation_id = ${actor.mutationId ?? null} and note = ${SUPERSEDED}`.execute(
        db,
      );
    if (recorded.rows.length === 0)
      await recordAudit(db, {
        resource,
        id: String(row.id),
        action: 'update',
        version: 0,
        changes: Object.fromEntries([...newer].map((field) => [field, [data[field], null]])),
        actor,
        note: SUPERSEDED,
      });
  }
  return { kept, standing };
}

/** The words of a conflict answer for fields a later write holds: each named with the value that stands. */
export function standingDetail(standing: Row): Message {
  const fields = Object.entries(standing).map(([field, value]) => `${field} = ${JSON.stringify(value)}`);
  return say('sync.superseded', { fields: fields.join('; ') });
}
