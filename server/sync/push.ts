import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { allFields } from '../../src/domain/columns.js';
import { getResource, refsOf } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/database.js';
import { databaseRefusal } from '../http/database-errors.js';
import { ConflictError, HttpError, ValidationError } from '../http/errors.js';
import { checkWrite } from '../resources/engine/access.js';
import { sameValue } from '../resources/engine/input.js';
import { TallyConflictError, validateOnce } from '../resources/engine/tally.js';
import {
  type Actor,
  createRecord,
  deleteRecord,
  lockRow,
  updateRecord,
  type WriteScope,
} from '../resources/engine/write.js';
import { mergeFields, standingDetail } from './merge.js';
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

/** Applies one mutation; the fields a later write holds are not written: returned with the values that stand. */
async function applyOne(
  scope: WriteScope,
  resource: Resource,
  actor: Actor,
  mutation: Mutation,
): Promise<Record<string, unknown>> {
  const data = mutation.data ?? {};
  if (mutation.op === 'delete') {
    await deleteRecord(scope, resource, actor, mutation.id);
    return {};
  }
  // Locked here and handed to the write, which would otherwise read it again.
  const row = await lockRow(scope.db, resource, mutation.id);
  if (row?.deleted_at) throw new Conflict('deleted');
  if (!row && mutation.op === 'update') throw new Conflict('not_found');
  if (!row) {
    await createRecord(scope, resource, actor, { ...data, id: mutation.id }, { row });
    return {};
  }
  // Validate once, whichever validation the server ordered first: a second tablet's validation is
  // refused (and kept for the coil report) even when its device's clock puts it before the first.
  const sent = Object.keys(data).filter((field) => !sameValue(row[field], data[field]));
  await validateOnce(scope.db, resource, row, { ...row, ...data }, sent);
  const { kept, standing } = await mergeFields(scope.db, resource, actor, row, data);
  await updateRecord(scope, resource, actor, mutation.id, kept, { partial: true, locked: { row } });
  return standing;
}

class Conflict extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** A tablet's validation of an item already validated, refused: kept for the coil report's exceptions. */
async function recordTallyRefusal(db: Kysely<unknown>, actor: Actor, mutation: Mutation, detail: string) {
  const data = mutation.data ?? {};
  const hand = typeof data.validation_hand === 'string' ? data.validation_hand : null;
  const hold = Number.isInteger(data.validation_hold) ? Number(data.validation_hold) : null;
  await sql`insert into tally_refusal (mutation_id, packing_item, project, user_id, client_id, occurred_at,
      validation_hand, validation_hold, detail)
    select ${mutation.mutation_id}, p.id, p.project, ${actor.userId}, ${actor.clientId ?? null},
      ${mutation.occurred_at ?? null}::timestamptz, ${hand}::uuid, ${hold}::integer, ${detail}
    from packing_list p where p.id = ${mutation.id}
    on conflict (mutation_id) do nothing`.execute(db);
}

function refsTo(resource: Resource, data: Record<string, unknown>): string[] {
  return Object.entries(refsOf(resource)).flatMap(([field, ref]) => {
    const value = data[field];
    if (ref.many && Array.isArray(value)) return value.map(String);
    return typeof value === 'string' ? [value] : [];
  });
}

const fieldNames = (resource: Resource) => Object.keys(allFields(resource));

/** Deadlock or serialization failure: the whole batch is tried again (nothing of it was kept). */
const RETRYABLE = new Set(['40P01', '40001']);
const codeOf = (error: unknown) =>
  error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';

/**
 * Applies a device's batch in seq order in ONE transaction, each mutation behind its own savepoint
 * with its answer stored beside it: a rejected or conflicting mutation rolls back to its savepoint
 * only, and one commit (one disk flush) serves the batch instead of one per mutation. A mutation
 * seen before answers `duplicate` with the stored answer. Rejected and conflicting mutations do not
 * stop the batch; those that depend on a rejected one are rejected. An unexpected error rolls the
 * whole batch back (nothing is answered, so the device sends it again).
 */
export async function pushMutations(
  database: Database,
  principal: Principal | null,
  device: PushingDevice,
  mutations: Mutation[],
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.db
        .transaction()
        .execute((trx) =>
          applyBatch(trx as unknown as Kysely<unknown>, database.engine, principal, device, mutations),
        );
    } catch (error) {
      if (attempt >= 3 || !RETRYABLE.has(codeOf(error))) throw error;
    }
  }
}

export interface PushingDevice {
  clientId: string;
  /** The device's clock when it sent the batch. */
  sentAt?: string;
  /** This server's clock (ms) when the request arrived. */
  receivedAt?: number;
}

/**
 * How long before the batch's transaction began a change was made: its age when the device sent it, on
 * the device's own clock, plus how long the request waited here since it arrived, on this server's (so
 * the database's now() less this is the time of receipt less the change's age, whatever either clock
 * says). No age without both device times.
 */
function ageOf({ sentAt, receivedAt }: PushingDevice, occurredAt: string | undefined, began: number) {
  if (!sentAt || !occurredAt) return undefined;
  const waited = receivedAt === undefined ? 0 : Math.max(0, began - receivedAt);
  return Math.max(0, Date.parse(sentAt) - Date.parse(occurredAt)) + waited;
}

async function applyBatch(
  db: Kysely<unknown>,
  engine: Database['engine'],
  principal: Principal | null,
  device: PushingDevice,
  mutations: Mutation[],
) {
  const began = Date.now();
  const { clientId } = device;
  const results: MutationResult[] = [];
  const failed = new Set<string>();
  let lastSeq = 0;
  const ordered = [...mutations].sort((a, b) => a.seq - b.seq);
  // One batch of a device at a time: a copy sent again while the first is being applied (a timed-out
  // request retried) waits here, then finds the first's answers instead of a unique-key error (400).
  await sql`select pg_advisory_xact_lock(hashtext(${clientId}))`.execute(db);
  // Every stored answer of the batch in one read; answers made in this batch join them as they come.
  const answers = new Map<string, Record<string, unknown> | null>();
  if (ordered.length > 0) {
    const seen = await sql<{
      mutation_id: string;
      answer: { row: Record<string, unknown> | null };
    }>`select mutation_id, answer from sync_mutation where mutation_id = any(${ordered.map((m) => m.mutation_id)}::uuid[])`.execute(
      db,
    );
    for (const row of seen.rows) answers.set(row.mutation_id, row.answer.row);
  }
  for (const mutation of ordered) {
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
    if (answers.has(mutation_id)) {
      results.push({ mutation_id, status: 'duplicate', row: answers.get(mutation_id) ?? null });
      continue;
    }
    if (failed.has(mutation.id) || refsTo(resource, mutation.data ?? {}).some((id) => failed.has(id))) {
      failed.add(mutation.id);
      results.push({ mutation_id, status: 'rejected', errors: { non_field_errors: [DEPENDS] } });
      continue;
    }
    await sql`savepoint mutation`.execute(db);
    let actor: Actor | undefined;
    try {
      const user = checkWrite(resource, principal, mutation.op === 'update' ? 'write' : mutation.op);
      actor = {
        userId: user.userId,
        role: user.role,
        clientId,
        mutationId: mutation_id,
        occurredAt: mutation.occurred_at,
        ageMs: ageOf(device, mutation.occurred_at, began),
      };
      const standing = await applyOne({ db, engine }, resource, actor, mutation);
      const row = await flatRow(db, resource, mutation.id);
      if (Object.keys(standing).length > 0) {
        // Not applied as sent: what it could write is kept, and the device is told which values stand.
        // The answer is not stored: sent again (a retry the user chose, with a new time), it is judged again.
        await sql`release savepoint mutation`.execute(db);
        results.push({ mutation_id, status: 'conflict', detail: standingDetail(standing), row });
        continue;
      }
      const answer = { status: 'applied', row };
      await sql`insert into sync_mutation (mutation_id, client_id, seq, resource, record_id, answer)
        values (${mutation_id}, ${clientId}, ${mutation.seq}, ${resource.name}, ${mutation.id}, ${JSON.stringify(answer)}::jsonb)`.execute(
        db,
      );
      await sql`release savepoint mutation`.execute(db);
      answers.set(mutation_id, row);
      results.push({ mutation_id, status: 'applied', row });
    } catch (error) {
      const answer = refusal(error, mutation_id, resource);
      if (!answer) throw error;
      await sql`rollback to savepoint mutation`.execute(db);
      await sql`release savepoint mutation`.execute(db);
      if (error instanceof TallyConflictError && actor)
        await recordTallyRefusal(db, actor, mutation, error.detail);
      if (mutation.op === 'create') failed.add(mutation.id);
      results.push(
        answer.status === 'conflict' ? { ...answer, row: await flatRow(db, resource, mutation.id) } : answer,
      );
    }
  }
  return { results, last_seq: lastSeq };
}

/**
 * The answer for a mutation the rules refuse, or the database refused (an integrity or data error: its
 * field named where the error says which); undefined for an unexpected error.
 */
function refusal(error: unknown, mutation_id: string, resource: Resource): MutationResult | undefined {
  // The record stands as someone else left it (deleted; validated by another prompter: engine/tally.ts).
  if (error instanceof Conflict || error instanceof ConflictError)
    return { mutation_id, status: 'conflict', detail: error.detail, row: null };
  const refused = error instanceof ValidationError ? error : databaseRefusal(error, fieldNames(resource));
  if (refused) return { mutation_id, status: 'rejected', errors: refused.fields };
  if (error instanceof HttpError && error.statusCode < 500 && error.statusCode !== 401)
    return {
      mutation_id,
      status: 'rejected',
      errors: { non_field_errors: [String(error.body.detail ?? error.message)] },
    };
  return undefined;
}
