// The field merge of a pushed update: an update sets only the fields it carries, and a field another
// writer wrote later keeps that writer's value. "Later" is the server's order (audit.ts orderAt): the
// time of receipt less the change's age on its device's clock, never the device's clock itself. A
// device's own earlier writes never outrank its later ones (it applies them in seq order).

import { type Kysely, sql } from 'kysely';
import { sameValue } from '../../src/domain/input.js';
import type { Resource } from '../../src/domain/resource.js';
import { type Message, say } from '../i18n/message.js';
import { orderAt, recordAudit, storedOrder } from '../resources/engine/audit.js';
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

/** What a batch's update is judged by: its record, the fields it carries, and when it counts as made. */
export interface BatchUpdate {
  key: string;
  resource: Resource;
  id: string;
  fields: string[];
  actor: Pick<Actor, 'ageMs' | 'occurredAt'>;
}

/**
 * newerFields for every update of a batch in one statement (by `key`: the fields among its `fields` a
 * later write by another writer holds). Valid for the whole batch when the records are locked: no other
 * writer adds to their audit entries meanwhile, and the batch's own do not count. Each is ordered as
 * orderAt orders it.
 */
export async function newerFieldsOfBatch(db: Kysely<unknown>, clientId: string, updates: BatchUpdate[]) {
  const newer = new Map<string, Set<string>>(updates.map((update) => [update.key, new Set()]));
  const judged = updates.filter((update) => update.fields.length > 0);
  if (judged.length === 0) return newer;
  const column = <T>(value: (update: BatchUpdate) => T) => judged.map(value);
  const rows = await sql<{ n: number; field: string }>`select m.n, key as field
    from unnest(${column((u) => u.resource.name)}::text[], ${column((u) => u.id)}::uuid[],
      ${column((u) => JSON.stringify(u.fields))}::text[], ${column((u) => u.actor.ageMs ?? null)}::float8[],
      ${column((u) => u.actor.occurredAt ?? null)}::timestamptz[])
      with ordinality as m(resource, record_id, fields, age_ms, occurred_at, n)
    join audit_log a on a.resource = m.resource and a.record_id = m.record_id
    cross join jsonb_object_keys(a.changes) as key
    where jsonb_exists(m.fields::jsonb, key)
      and a.note is distinct from ${SUPERSEDED} and a.client_id is distinct from ${clientId}
    group by m.n, key, m.age_ms, m.occurred_at
    having max(${storedOrder}) > case when m.age_ms is not null then now() - m.age_ms * interval '1 millisecond'
      when m.occurred_at is not null then least(m.occurred_at, now()) else now() end`.execute(db);
  for (const row of rows.rows) newer.get(judged[Number(row.n) - 1].key)?.add(row.field);
  return newer;
}

/**
 * Splits an update's data into the fields to write and those a later write holds (with the value that
 * stands; `judged`: the fields newerFieldsOfBatch found held). The lost values go to the audit log, once
 * per mutation however often it is sent.
 */
export async function mergeFields(
  db: Kysely<unknown>,
  resource: Resource,
  actor: Actor,
  row: Row,
  data: Row,
  judged?: Set<string>,
) {
  const changed = Object.keys(data).filter((field) => !sameValue(row[field], data[field]));
  // Judged with the batch's other updates (newerFieldsOfBatch: every field sent), or here.
  const newer = judged
    ? new Set(changed.filter((field) => judged.has(field)))
    : await newerFields(db, resource, String(row.id), changed, actor);
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
