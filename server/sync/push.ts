import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { getResource, refsOf } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/database.js';
import { HttpError, ValidationError } from '../http/errors.js';
import { checkWrite } from '../resources/engine/access.js';
import { recordAudit } from '../resources/engine/audit.js';
import {
  type Actor,
  createRecord,
  deleteRecord,
  updateRecord,
  type WriteScope,
} from '../resources/engine/write.js';
import { flatRow } from './rows.js';

export const mutationSchema = z.object({
  mutation_id: z.uuid(),
  seq: z.number().int().min(0),
  resource: z.string().max(50),
  op: z.enum(['create', 'update', 'delete']),
  id: z.uuid(),
  data: z.record(z.string(), z.unknown()).optional(),
  base_version: z.number().int().min(0).optional(),
  occurred_at: z.iso.datetime({ offset: true }).optional(),
});
export type Mutation = z.infer<typeof mutationSchema>;

export type MutationResult =
  | { mutation_id: string; status: 'applied' | 'duplicate'; row: Record<string, unknown> | null }
  | { mutation_id: string; status: 'rejected'; errors: Record<string, string[]> }
  | { mutation_id: string; status: 'conflict'; detail: string; row: Record<string, unknown> | null };

const DEPENDS = 'depends on a rejected change';

/** Fields of the record written after `occurredAt` by someone else: the later write wins, field by field. */
async function newerFields(
  db: Kysely<unknown>,
  resource: Resource,
  id: string,
  fields: string[],
  occurredAt: string,
) {
  if (fields.length === 0) return new Set<string>();
  const rows = await sql<{
    field: string;
  }>`select key as field from audit_log a, jsonb_object_keys(a.changes) as key
    where a.resource = ${resource.name} and a.record_id = ${id} and key = any(${fields}::text[])
    group by key having max(coalesce(a.occurred_at, a.at)) > ${occurredAt}::timestamptz`.execute(db);
  return new Set(rows.rows.map((row) => row.field));
}

async function tallyConflict(db: Kysely<unknown>, id: string): Promise<string | null> {
  const rows = await sql<{
    validated: boolean;
    at: string | null;
    username: string | null;
  }>`select p.validated, p.validation_datetime as at, u.username
    from packing_list p left join users u on u.id = p.validation_prompter_identifier where p.id = ${id}`.execute(
    db,
  );
  const row = rows.rows[0];
  if (!row?.validated) return null;
  return `Already validated by ${row.username ?? 'another prompter'}${row.at ? ` at ${row.at}` : ''}.`;
}

async function applyOne(scope: WriteScope, resource: Resource, actor: Actor, mutation: Mutation) {
  const data = mutation.data ?? {};
  if (mutation.op === 'delete') {
    await deleteRecord(scope, resource, actor, mutation.id);
    return;
  }
  const existing = await sql<{
    deleted_at: string | null;
  }>`select deleted_at from ${sql.table(resource.table)} where id = ${mutation.id}`.execute(scope.db);
  const row = existing.rows[0];
  if (row?.deleted_at) throw new Conflict('deleted');
  if (!row && mutation.op === 'update') throw new Conflict('not_found');
  if (resource.name === 'packing-list' && data.validated === true && row) {
    const taken = await tallyConflict(scope.db, mutation.id);
    if (taken) throw new Conflict(taken);
  }
  if (!row) {
    await createRecord(scope, resource, actor, { ...data, id: mutation.id });
    return;
  }
  const occurredAt = mutation.occurred_at ?? new Date().toISOString();
  const newer = await newerFields(scope.db, resource, mutation.id, Object.keys(data), occurredAt);
  const kept = Object.fromEntries(Object.entries(data).filter(([field]) => !newer.has(field)));
  if (newer.size > 0) {
    const lost = Object.fromEntries([...newer].map((field) => [field, [data[field], null]]));
    await recordAudit(scope.db, {
      resource,
      id: mutation.id,
      action: 'update',
      version: 0,
      changes: lost,
      actor,
      note: 'superseded by a later change',
    });
  }
  await updateRecord(scope, resource, actor, mutation.id, kept, { partial: true });
}

class Conflict extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

function refsTo(resource: Resource, data: Record<string, unknown>): string[] {
  return Object.entries(refsOf(resource)).flatMap(([field, ref]) => {
    const value = data[field];
    if (ref.many && Array.isArray(value)) return value.map(String);
    return typeof value === 'string' ? [value] : [];
  });
}

/**
 * Applies a device's batch in seq order, each mutation in its own transaction with its answer stored
 * in that transaction. A mutation seen before answers `duplicate` with the stored answer. Rejected
 * and conflicting mutations do not stop the batch; those that depend on a rejected one are rejected.
 */
export async function pushMutations(
  database: Database,
  principal: Principal | null,
  clientId: string,
  mutations: Mutation[],
) {
  const results: MutationResult[] = [];
  const failed = new Set<string>();
  let lastSeq = 0;
  for (const mutation of [...mutations].sort((a, b) => a.seq - b.seq)) {
    lastSeq = Math.max(lastSeq, mutation.seq);
    const resource = getResource(mutation.resource);
    const { mutation_id } = mutation;
    if (!resource) {
      results.push({
        mutation_id,
        status: 'rejected',
        errors: { resource: [`Unknown resource "${mutation.resource}".`] },
      });
      continue;
    }
    const seen = await sql<{
      answer: { row: Record<string, unknown> | null };
    }>`select answer from sync_mutation where mutation_id = ${mutation_id}`.execute(database.db);
    if (seen.rows[0]) {
      results.push({ mutation_id, status: 'duplicate', row: seen.rows[0].answer.row });
      continue;
    }
    if (failed.has(mutation.id) || refsTo(resource, mutation.data ?? {}).some((id) => failed.has(id))) {
      failed.add(mutation.id);
      results.push({ mutation_id, status: 'rejected', errors: { non_field_errors: [DEPENDS] } });
      continue;
    }
    try {
      const user = checkWrite(resource, principal, mutation.op === 'delete' ? 'delete' : 'write');
      const actor: Actor = {
        userId: user.userId,
        clientId,
        mutationId: mutation_id,
        occurredAt: mutation.occurred_at,
      };
      const row = await database.db.transaction().execute(async (trx) => {
        const db = trx as unknown as Kysely<unknown>;
        await applyOne({ db, engine: database.engine }, resource, actor, mutation);
        const current = await flatRow(db, resource, mutation.id);
        const answer = { status: 'applied', row: current };
        await sql`insert into sync_mutation (mutation_id, client_id, seq, resource, record_id, answer)
          values (${mutation_id}, ${clientId}, ${mutation.seq}, ${resource.name}, ${mutation.id}, ${JSON.stringify(answer)}::jsonb)`.execute(
          db,
        );
        return current;
      });
      results.push({ mutation_id, status: 'applied', row });
    } catch (error) {
      if (error instanceof Conflict) {
        if (mutation.op === 'create') failed.add(mutation.id);
        const row = await flatRow(database.db as unknown as Kysely<unknown>, resource, mutation.id);
        results.push({ mutation_id, status: 'conflict', detail: error.detail, row });
      } else if (error instanceof ValidationError) {
        if (mutation.op === 'create') failed.add(mutation.id);
        results.push({ mutation_id, status: 'rejected', errors: error.fields });
      } else if (error instanceof HttpError && error.statusCode < 500 && error.statusCode !== 401) {
        if (mutation.op === 'create') failed.add(mutation.id);
        results.push({
          mutation_id,
          status: 'rejected',
          errors: { non_field_errors: [String(error.body.detail ?? error.message)] },
        });
      } else throw error;
    }
  }
  return { results, last_seq: lastSeq };
}
