// Push: the outbox in seq order, in batches, each entry removed only in the transaction that stores the
// server's answer for it. Rejected and conflicting changes wait for the user; what depends on them waits
// with them; everything else keeps flowing.
import { type SyncApi, SyncHttpError } from '../api/sync';
import { codeOfKeyed } from '../domain/message-keys';
import { isRecordMessage, readSaid } from '../domain/messages';
import type { DeviceState, Mutation, MutationResult } from '../domain/sync-wire';
import { addTo, applyAnsweredRow, applyAnsweredRows } from '../store/apply';
import type { LocalDb } from '../store/db';
import { entriesOf, settleRecord } from '../store/marks';
import { touchSyncTime } from '../store/meta';
import { type OutboxEntry, serverKey } from '../store/schema';

export interface PushContext {
  db: LocalDb;
  api: SyncApi;
  deviceState: () => Promise<DeviceState>;
  /** Only this user's entries are pushed (see README.md: one database per user). */
  userId: string;
  /** Mutations per request (the protocol's batch: up to 200). */
  batchSize?: number;
}

export interface PushSummary {
  sent: number;
  applied: number;
  needsAttention: number;
}

/**
 * The next entries that may go, in seq order: not waiting for the user, not made by another user, and not
 * depending on one that waits (same record, or a child of a record whose create is stuck).
 */
export async function nextBatch(db: LocalDb, userId: string, limit: number): Promise<OutboxEntry[]> {
  const blocked = new Set<string>();
  const batch: OutboxEntry[] = [];
  // Read a batch's worth at a time (1,000 queued changes were read whole for each batch of 200).
  for (let after: number | null = null; ; ) {
    const from: number | null = after;
    const page: OutboxEntry[] = await (from === null
      ? db.outbox.orderBy('seq')
      : db.outbox.where('seq').above(from)
    )
      .limit(limit)
      .toArray();
    for (const entry of page) {
      const waits =
        entry.state === 'needs_attention' ||
        (entry.user_id !== null && entry.user_id !== userId) ||
        entry.depends_on.some((id) => blocked.has(id));
      if (waits) blocked.add(entry.mutation_id);
      else batch.push(entry);
      if (batch.length >= limit) return batch;
    }
    const last = page.at(-1);
    if (page.length < limit || !last) return batch;
    after = last.seq;
  }
}

function toWire(entry: OutboxEntry): Mutation {
  return {
    mutation_id: entry.mutation_id,
    seq: entry.seq,
    resource: entry.resource,
    op: entry.op,
    id: entry.record_id,
    ...(entry.data ? { data: entry.data } : {}),
    ...(entry.base_version !== null ? { base_version: entry.base_version } : {}),
    occurred_at: entry.occurred_at,
  };
}

type Rejection = Extract<MutationResult, { status: 'rejected' }>;

/**
 * A rejection's texts as the device keeps them: a text the server keyed as a domain message (its key
 * beside it) becomes that message's code, which the screens word in the user's language
 * (src/ui/fieldErrors.ts): a field's message under its field, a whole change's (no permission, what it
 * depends on refused, the record gone) under non_field_errors. Any other text stays as it came, in the
 * language the push was answered in.
 */
function refusalTexts({ errors, error_keys: keys = {} }: Rejection): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, texts]) => [
      field,
      texts.map((text, index) => {
        const keyed = keys[field]?.[index];
        const code = keyed ? codeOfKeyed(keyed) : null;
        const said = code === null ? null : readSaid(code);
        const fits = said !== null && isRecordMessage(said.name) === (field === 'non_field_errors');
        return fits && code !== null ? code : text;
      }),
    ]),
  );
}

async function storeRefusal(db: LocalDb, entry: OutboxEntry, result: MutationResult, waiting: Set<string>) {
  if (result.status === 'applied' || result.status === 'duplicate') return;
  if (entry.depends_on.some((id) => waiting.has(id))) {
    // Refused because what it depends on was: it waits for that one, with no words of its own.
    waiting.add(entry.mutation_id);
    await db.outbox.update(entry.mutation_id, { state: 'pending', unanswered: false });
    return;
  }
  waiting.add(entry.mutation_id);
  await db.outbox.update(entry.mutation_id, {
    unanswered: false,
    state: 'needs_attention',
    outcome: result.status,
    errors: result.status === 'rejected' ? refusalTexts(result) : null,
    detail: result.status === 'conflict' ? result.detail : null,
    detail_key: result.status === 'conflict' ? (result.detail_key ?? null) : null,
    server_row: result.status === 'conflict' ? result.row : null,
  });
  if (result.status === 'conflict') {
    const key = serverKey(entry.resource, entry.record_id);
    const copy = await db.server_rows.get(key);
    const version = result.row && typeof result.row.version === 'number' ? result.row.version : null;
    await db.server_rows.put({
      key,
      resource: entry.resource,
      id: entry.record_id,
      row: result.row ?? copy?.row ?? null,
      version: version ?? copy?.version ?? null,
      deleted: result.row === null && result.detail === 'deleted',
    });
  }
}

type Applied = Extract<MutationResult, { status: 'applied' | 'duplicate' }>;
const isApplied = (result: MutationResult | undefined): result is Applied =>
  result?.status === 'applied' || result?.status === 'duplicate';

/**
 * A batch whose every change was applied (the usual answer): its entries leave the outbox at once, and
 * the rows they carried are stored as one after the other would store them (applyAnsweredRows), each with
 * the record's entries that stay: those outside the batch, and the batch's later ones for that record.
 */
async function storeAllApplied(db: LocalDb, batch: OutboxEntry[], byId: Map<string, MutationResult>) {
  await db.outbox.bulkDelete(batch.map((entry) => entry.mutation_id));
  const records = [
    ...new Map(batch.map((entry) => [serverKey(entry.resource, entry.record_id), entry])).values(),
  ];
  const staying = new Map<string, OutboxEntry[]>();
  const left = await db.outbox
    .where('[resource+record_id]')
    .anyOf(records.map((entry) => [entry.resource, entry.record_id]))
    .toArray();
  for (const entry of left) addTo(staying, serverKey(entry.resource, entry.record_id), entry);
  await applyAnsweredRows(
    db,
    batch.map((entry, index) => {
      const key = serverKey(entry.resource, entry.record_id);
      const later = batch.slice(index + 1).filter((next) => serverKey(next.resource, next.record_id) === key);
      const result = byId.get(entry.mutation_id);
      return {
        resource: entry.resource,
        id: entry.record_id,
        row: isApplied(result) ? result.row : null,
        remaining: [...(staying.get(key) ?? []), ...later].sort((a, b) => a.seq - b.seq),
      };
    }),
  );
}

/** Stores a push answer: one transaction for the whole batch. */
async function storeAnswer(db: LocalDb, batch: OutboxEntry[], results: MutationResult[]) {
  const byId = new Map(results.map((result) => [result.mutation_id, result]));
  const summary: PushSummary = { sent: batch.length, applied: 0, needsAttention: 0 };
  const tables = [...new Set(batch.map((entry) => entry.resource))].map((name) => db.rows(name));
  const allApplied = batch.every((entry) => isApplied(byId.get(entry.mutation_id)));
  await db.transaction('rw', [...tables, db.outbox, db.server_rows, db.meta], async () => {
    if (allApplied) {
      await storeAllApplied(db, batch, byId);
      summary.applied = batch.length;
    } else summary.applied = await storeOneByOne(db, batch, byId);
    await touchSyncTime(db, 'last_push_at');
  });
  summary.needsAttention = await db.outbox.where('state').equals('needs_attention').count();
  return summary;
}

/** An answer with refusals or gaps, change by change (refusals wait for the user); how many applied. */
async function storeOneByOne(db: LocalDb, batch: OutboxEntry[], byId: Map<string, MutationResult>) {
  let applied = 0;
  const waiting = new Set(
    (await db.outbox.where('state').equals('needs_attention').primaryKeys()).map(String),
  );
  for (const entry of batch) {
    const result = byId.get(entry.mutation_id);
    if (!result) {
      await db.outbox.update(entry.mutation_id, { state: 'pending' });
      continue;
    }
    if (isApplied(result)) {
      await db.outbox.delete(entry.mutation_id);
      const remaining = await entriesOf(db, entry.resource, entry.record_id);
      await applyAnsweredRow(db, entry.resource, entry.record_id, result.row, remaining);
      applied += 1;
    } else {
      await storeRefusal(db, entry, result, waiting);
      await settleRecord(db, entry.resource, entry.record_id);
    }
  }
  return applied;
}

/**
 * Sends the outbox until nothing eligible is left. Errors (network, 401, 429, 5xx) propagate after the
 * batch in flight is put back as pending; the caller decides on backoff or pausing.
 */
export async function pushAll(ctx: PushContext): Promise<PushSummary> {
  const total: PushSummary = { sent: 0, applied: 0, needsAttention: 0 };
  for (;;) {
    const batch = await nextBatch(ctx.db, ctx.userId, ctx.batchSize ?? 200);
    if (batch.length === 0) return total;
    const ids = batch.map((entry) => entry.mutation_id);
    await ctx.db.outbox
      .where('mutation_id')
      .anyOf(ids)
      .modify((entry) => {
        entry.state = 'sending';
        entry.attempts += 1;
      });
    let answer: Awaited<ReturnType<SyncApi['push']>>;
    try {
      answer = await ctx.api.push(batch.map(toWire), await ctx.deviceState());
      const known = new Set(ids);
      // Never loop on a batch the server did not answer: the caller backs off and tries again.
      if (!answer.results.some((result) => known.has(result.mutation_id)))
        throw new Error('The server answered none of the changes sent');
    } catch (error) {
      // No answer: the server may have applied the batch, unless it refused the request (4xx).
      const unanswered = !(error instanceof SyncHttpError && error.status < 500);
      await ctx.db.outbox
        .where('mutation_id')
        .anyOf(ids)
        .modify((entry) => {
          if (entry.state !== 'sending') return;
          entry.state = 'pending';
          if (unanswered) entry.unanswered = true;
        });
      throw error;
    }
    const summary = await storeAnswer(ctx.db, batch, answer.results);
    total.sent += summary.sent;
    total.applied += summary.applied;
    total.needsAttention = summary.needsAttention;
  }
}
