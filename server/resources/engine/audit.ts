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
  await sql`insert into audit_log (resource, record_id, action, version, changes, user_id, client_id, mutation_id, occurred_at, order_at, note)
    values (${entry.resource.name}, ${entry.id}, ${entry.action}, ${entry.version}, ${JSON.stringify(entry.changes)}::jsonb,
      ${entry.actor.userId}, ${entry.actor.clientId ?? null}, ${entry.actor.mutationId ?? null}, ${entry.actor.occurredAt ?? null},
      ${orderAt(entry.actor)}, ${entry.note ?? null})`.execute(db);
}
