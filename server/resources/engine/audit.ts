import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Resource } from '../../../src/domain/resource.js';
import type { Actor } from './actor.js';

export interface AuditEntry {
  resource: Resource;
  id: string;
  action: 'create' | 'update' | 'delete';
  version: number;
  /** {field: [before, after]} */
  changes: Record<string, [unknown, unknown] | unknown[]>;
  actor: Actor;
  /** Why an entry is special, e.g. a write that lost to a later one. */
  note?: string;
}

/**
 * When a write counts as made, by the server's clock (what the field merge orders by): a device's
 * change at the time of receipt less its age on the device's clock; a change from a device that did not
 * say when it sent, at its own time but never later than now; any other write, now.
 */
export function orderAt(actor: Actor): RawBuilder<unknown> {
  if (actor.ageMs !== undefined) return sql`now() - ${actor.ageMs} * interval '1 millisecond'`;
  if (actor.occurredAt) return sql`least(${actor.occurredAt}::timestamptz, now())`;
  return sql`now()`;
}

/** The order of a stored entry (those written before order_at existed: the device's time, clamped). */
export const storedOrder = sql`coalesce(a.order_at, least(a.occurred_at, a.at))`;

export async function recordAudit(db: Kysely<unknown>, entry: AuditEntry) {
  await recordAudits(db, [entry]);
}

/** Entries in one statement, in the order given; each ordered as orderAt(actor) says. */
export async function recordAudits(db: Kysely<unknown>, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  const column = <T>(value: (entry: AuditEntry) => T) => entries.map(value);
  await sql`insert into audit_log (resource, record_id, action, version, changes, user_id, client_id, mutation_id, occurred_at, order_at, note)
    select e.resource, e.record_id, e.action, e.version, e.changes::jsonb, e.user_id, e.client_id, e.mutation_id, e.occurred_at,
      case when e.age_ms is not null then now() - e.age_ms * interval '1 millisecond'
        when e.occurred_at is not null then least(e.occurred_at, now()) else now() end, e.note
    from unnest(${column((e) => e.resource.name)}::text[], ${column((e) => e.id)}::uuid[], ${column((e) => e.action)}::text[],
      ${column((e) => e.version)}::integer[], ${column((e) => JSON.stringify(e.changes))}::text[],
      ${column((e) => e.actor.userId)}::uuid[], ${column((e) => e.actor.clientId ?? null)}::text[],
      ${column((e) => e.actor.mutationId ?? null)}::uuid[], ${column((e) => e.actor.occurredAt ?? null)}::timestamptz[],
      ${column((e) => e.actor.ageMs ?? null)}::float8[], ${column((e) => e.note ?? null)}::text[])
      with ordinality as e(resource, record_id, action, version, changes, user_id, client_id, mutation_id, occurred_at, age_ms, note, n)
    order by e.n`.execute(db);
}
