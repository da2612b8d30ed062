import { type Kysely, sql } from 'kysely';
import { sameValue } from '../../src/domain/input.js';
import { getResource } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import type { Mutation } from '../../src/domain/sync-wire.js';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/database.js';
import { say } from '../i18n/message.js';
import { checkWrite } from '../resources/engine/access.js';
import { columnsOf } from '../resources/engine/columns.js';
import { TallyConflictError, validateOnce } from '../resources/engine/tally.js';
import {
  type Actor,
  createRecord,
  deleteRecord,
  lockRow,
  planRecordUpdate,
  updateRecord,
  type WriteScope,
} from '../resources/engine/write.js';
import { LockedRows } from './locked-rows.js';
import { mergeFields, standingDetail } from './merge.js';
import { Conflict, type MutationResult, recordTallyRefusal, refusal } from './push-answers.js';
import { BatchedCreates } from './push-creates.js';
import { BatchedDeletes } from './push-deletes.js';
import { BatchedUpdates } from './push-updates.js';
import { flatRow } from './rows.js';
import { SetBasedFailed } from './set-based.js';

const DEPENDS = say('sync.depends');

/** What one mutation did: the values that stand where a later write held a field, and the row as it is now when known. */
interface Applied {
  standing: Record<string, unknown>;
  /** The row as devices store it (null: deleted); undefined when the write stored nothing to read it from. */
  row?: Record<string, unknown> | null;
  /** Its write waits in `later` (the row comes when it is written). */
  deferred?: boolean;
}

/**
 * Applies one mutation; the fields a later write holds are not written: returned with the values that
 * stand. An update's write is left to `later` when given (checked here, written with others).
 */
async function applyOne(
  scope: WriteScope,
  resource: Resource,
  actor: Actor,
  mutation: Mutation,
  locked: LockedRows,
  later?: BatchedUpdates,
): Promise<Applied> {
  const data = mutation.data ?? {};
  if (mutation.op === 'delete') {
    locked.clear();
    await deleteRecord(scope, resource, actor, mutation.id);
    return { standing: {}, row: null };
  }
  // Locked at the batch's start or here, and handed to the write, which would otherwise read it again.
  const row = locked.take(resource.table, mutation.id) ?? (await lockRow(scope.db, resource, mutation.id));
  if (row?.deleted_at) throw new Conflict('deleted');
  if (!row && mutation.op === 'update') throw new Conflict('not_found');
  if (!row) {
    const created = await createRecord(scope, resource, actor, { ...data, id: mutation.id }, { row });
    return { standing: {}, row: created.row };
  }
  // Validate once, whichever validation the server ordered first: a second tablet's validation is
  // refused (and kept for the coil report) even when its device's clock puts it before the first.
  const sent = Object.keys(data).filter((field) => !sameValue(row[field], data[field]));
  await validateOnce(scope.db, resource, row, { ...row, ...data }, sent);
  const { kept, standing } = await mergeFields(
    scope.db,
    resource,
    actor,
    row,
    data,
    locked.newerFor(mutation.mutation_id),
  );
  const options = { partial: true, locked: { row } };
  if (later) {
    const { plan } = await planRecordUpdate(scope, resource, actor, mutation.id, kept, options);
    if (plan) later.add(resource, mutation.mutation_id, plan);
    return { standing, deferred: !!plan };
  }
  const updated = await updateRecord(scope, resource, actor, mutation.id, kept, options);
  return { standing, row: updated.row };
}

function refsTo(resource: Resource, data: Record<string, unknown>): string[] {
  return Object.entries(columnsOf(resource).refs).flatMap(([field, ref]) => {
    const value = data[field];
    if (ref.many && Array.isArray(value)) return value.map(String);
    return typeof value === 'string' ? [value] : [];
  });
}

/** Deadlock or serialization failure: the whole batch is tried again (nothing of it was kept). */
const RETRYABLE = new Set(['40P01', '40001']);
const codeOf = (error: unknown) =>
  error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';

/**
 * A refusal met by a mutation applied without a savepoint of its own: the batch's transaction is rolled
 * back and the batch run again, with savepoints from that mutation on.
 */
class Unguarded extends Error {
  constructor(readonly index: number) {
    super(`mutation ${index} refused without a savepoint`);
  }
}

/**
 * Applies a device's batch in seq order in ONE transaction (one commit, one disk flush), its answers
 * stored beside it. A mutation seen before answers `duplicate` with the stored answer. Rejected and
 * conflicting mutations do not stop the batch; those that depend on a rejected one are rejected.
 *
 * Savepoints only where a mutation fails: the batch runs first with none (two statements fewer per
 * mutation); when a mutation is refused, that run is rolled back and the batch runs again with a
 * savepoint around each mutation from the refused one on, so a refusal rolls back its own mutation only.
 * A refusal before that point in the second run (the rows changed meanwhile) guards the whole batch in a
 * third. An unexpected error rolls the whole batch back (nothing is answered, so the device sends it
 * again).
 *
 * Unguarded creates of new records, updates and deletes are checked one by one and written set-based
 * (one statement per table: push-creates.ts, push-updates.ts, push-deletes.ts); should such a write fail,
 * the batch runs again one mutation at a time.
 */
export async function pushMutations(
  database: Database,
  principal: Principal | null,
  device: PushingDevice,
  mutations: Mutation[],
) {
  let guardFrom = Number.POSITIVE_INFINITY;
  let setBased = true;
  let retries = 0;
  for (;;) {
    // Taken before the transaction begins, so the wait it measures never reaches past the transaction's
    // start (its now()): a change's time then lies between its arrival and that start (ageOf).
    const began = Date.now();
    try {
      return await database.db.transaction().execute((trx) =>
        applyBatch(trx as unknown as Kysely<unknown>, database.engine, principal, device, mutations, {
          began,
          guardFrom,
          setBased,
        }),
      );
    } catch (error) {
      if (error instanceof SetBasedFailed) {
        setBased = false;
        continue;
      }
      // Run again at most twice: guarded from the refused mutation on, then (a refusal before it) all
      // guarded, where no refusal is unguarded any more.
      if (error instanceof Unguarded) {
        guardFrom = Number.isFinite(guardFrom) ? 0 : error.index;
        continue;
      }
      retries += 1;
      if (retries >= 3 || !RETRYABLE.has(codeOf(error))) throw error;
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
 * says). No age without both device times. `began` is taken before the transaction is asked for: the wait
 * may fall short of its start (the change then counts a little later, never after the start), but never
 * passes it. Taken after, the time between the start and that moment (a loaded machine's scheduling)
 * made a change count before it arrived, and then before an earlier request's write (push-clock.test.ts).
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
  { began, guardFrom, setBased }: { began: number; guardFrom: number; setBased: boolean },
) {
  const { clientId } = device;
  const results: MutationResult[] = [];
  const failed = new Set<string>();
  const stored: { mutation: Mutation; resource: Resource; answer: string }[] = [];
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
  const locked = new LockedRows();
  await locked.lock(db, ordered, new Set(answers.keys()), clientId, (mutation) => ({
    occurredAt: mutation.occurred_at,
    ageMs: ageOf(device, mutation.occurred_at, began),
  }));
  const applied = (mutation: Mutation, resource: Resource, row: Record<string, unknown> | null) => {
    stored.push({ mutation, resource, answer: JSON.stringify({ status: 'applied', row }) });
    answers.set(mutation.mutation_id, row);
    return { mutation_id: mutation.mutation_id, status: 'applied', row } as const;
  };
  // New records and updates are checked in turn and written together (push-creates.ts, push-updates.ts);
  // their answers get the rows then (a conflict's answer is not stored).
  const waiting = new Map<string, { mutation: Mutation; resource: Resource; answer: MutationResult }>();
  const written = (mutationId: string, row: Record<string, unknown>) => {
    const write = waiting.get(mutationId);
    if (write?.answer.status === 'conflict') write.answer.row = row;
    else if (write) Object.assign(write.answer, applied(write.mutation, write.resource, row));
  };
  const creates = setBased ? new BatchedCreates(db, engine, ordered, written) : undefined;
  const updates = setBased ? new BatchedUpdates(db, written) : undefined;
  const deletes = setBased ? new BatchedDeletes(db) : undefined;
  for (const [index, mutation] of ordered.entries()) {
    lastSeq = Math.max(lastSeq, mutation.seq);
    const resource = getResource(mutation.resource);
    const { mutation_id } = mutation;
    if (!resource) {
      results.push({
        mutation_id,
        status: 'rejected',
        errors: { resource: [say('sync.unknown_resource', { name: mutation.resource })] },
      });
      continue;
    }
    if (creates?.waits(mutation_id)) await creates.flush();
    if (updates?.waits(mutation_id)) await updates.flush();
    if (answers.has(mutation_id)) {
      results.push({ mutation_id, status: 'duplicate', row: answers.get(mutation_id) ?? null });
      continue;
    }
    if (failed.has(mutation.id) || refsTo(resource, mutation.data ?? {}).some((id) => failed.has(id))) {
      failed.add(mutation.id);
      results.push({ mutation_id, status: 'rejected', errors: { non_field_errors: [DEPENDS] } });
      continue;
    }
    // Other writes, and the creates' reads ahead, see the updates waiting written first.
    const deferred = updates?.takes(index < guardFrom, resource, mutation) ?? false;
    if (!deferred) await updates?.flush();
    const deleting = deletes?.takes(index < guardFrom, resource, mutation) ?? false;
    if (!deleting) await deletes?.flush();
    const batched = (await creates?.takes(index, resource, mutation)) ?? false;
    const guarded = !batched && !deferred && !deleting && index >= guardFrom;
    if (!batched) await creates?.flush();
    if (guarded) await sql`savepoint mutation`.execute(db);
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
      if (batched && creates) {
        await creates.create(resource, actor, mutation);
        // Answered when its row is written (the row is the answer's).
        const answer: MutationResult = { mutation_id, status: 'applied', row: null };
        waiting.set(mutation_id, { mutation, resource, answer });
        results.push(answer);
        continue;
      }
      if (deleting && deletes) {
        // Written with the run of deletes it belongs to; its answer has no row.
        locked.clear();
        await deletes.add(resource, actor, mutation);
        creates?.after(resource, mutation);
        results.push(applied(mutation, resource, null));
        continue;
      }
      const later = deferred ? updates : undefined;
      const scope = { db, engine, reader: later?.reader };
      const done = await applyOne(scope, resource, actor, mutation, locked, later);
      creates?.after(resource, mutation);
      const row = done.deferred
        ? null
        : done.row !== undefined
          ? done.row
          : await flatRow(db, resource, mutation.id);
      if (guarded) await sql`release savepoint mutation`.execute(db);
      // Not applied as sent: what it could write is kept, and the device is told which values stand.
      // The answer is not stored: sent again (a retry the user chose, with a new time), it is judged again.
      const answer: MutationResult =
        Object.keys(done.standing).length > 0
          ? { mutation_id, status: 'conflict', detail: standingDetail(done.standing), row }
          : done.deferred
            ? { mutation_id, status: 'applied', row: null }
            : applied(mutation, resource, row);
      // A deferred write's answer gets its row (and an applied one is stored) when the row is written.
      if (done.deferred) waiting.set(mutation_id, { mutation, resource, answer });
      results.push(answer);
    } catch (error) {
      const answer = refusal(error, mutation_id, resource);
      if (!answer) throw error;
      // A batched create is refused before anything of it is written: nothing to roll back.
      if (!guarded && !batched) throw new Unguarded(index);
      if (guarded) {
        await sql`rollback to savepoint mutation`.execute(db);
        await sql`release savepoint mutation`.execute(db);
      }
      if (error instanceof TallyConflictError && actor)
        await recordTallyRefusal(db, actor, mutation, String(error.detail));
      if (mutation.op === 'create') failed.add(mutation.id);
      results.push(
        answer.status === 'conflict' ? { ...answer, row: await flatRow(db, resource, mutation.id) } : answer,
      );
    }
  }
  await creates?.flush();
  await updates?.flush();
  await deletes?.flush();
  await storeAnswers(db, clientId, stored);
  return { results, last_seq: lastSeq };
}

/** The batch's applied answers, in one statement. */
async function storeAnswers(
  db: Kysely<unknown>,
  clientId: string,
  stored: { mutation: Mutation; resource: Resource; answer: string }[],
) {
  if (stored.length === 0) return;
  await sql`insert into sync_mutation (mutation_id, client_id, seq, resource, record_id, answer)
    select m.mutation_id, ${clientId}, m.seq, m.resource, m.record_id, m.answer::jsonb
    from unnest(${stored.map((s) => s.mutation.mutation_id)}::uuid[], ${stored.map((s) => s.mutation.seq)}::bigint[],
      ${stored.map((s) => s.resource.name)}::text[], ${stored.map((s) => s.mutation.id)}::uuid[],
      ${stored.map((s) => s.answer)}::text[]) as m(mutation_id, seq, resource, record_id, answer)`.execute(
    db,
  );
}
