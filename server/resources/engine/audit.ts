import { type Kysely, sql } from 'kysely';
import type { Resource } from '../../../src/domain/resource.js';
import type { Actor } from './write.js';

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

export async function recordAudit(db: Kysely<unknown>, entry: AuditEntry) {
  await sql`insert into audit_log (resource, record_id, action, version, changes, user_id, client_id, mutation_id, occurred_at, note)
    values (${entry.resource.name}, ${entry.id}, ${entry.action}, ${entry.version}, ${JSON.stringify(entry.changes)}::jsonb,
      ${entry.actor.userId}, ${entry.actor.clientId ?? null}, ${entry.actor.mutationId ?? null}, ${entry.actor.occurredAt ?? null}, ${entry.note ?? null})`.execute(
    db,
  );
}
