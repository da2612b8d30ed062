// The file queue's steps, without timers or React (the tab's uploader and the service worker share them):
// which files are due, whether their parent is on the server yet, and what each upload's answer does.
import type { LocalDb } from '../../store/db';
import type { BlobEntry } from '../../store/schema';
import { type BackoffOptions, backoffDelay, defaultBackoff } from '../backoff';
import { type UploadTarget, uploadFile } from './upload';

export interface QueueContext {
  db: LocalDb;
  target: UploadTarget;
  /** Uploads at once (a tablet's uplink is the limit, not the server). */
  concurrency?: number;
  backoff?: Partial<BackoffOptions>;
  now?: () => number;
  /** The whole queue's wait, kept across rounds by the uploader; a fresh one per call when absent. */
  pause?: QueuePause;
}

/**
 * The server could not take a file (no connection, 5xx, 429): no file is sent before `until` (the
 * backoff of `streak` rounds failed in a row, or the server's Retry-After when longer), and the next
 * round sends one file alone first, so a server that is down is asked once per wait, not once per file.
 */
export interface QueuePause {
  until: number;
  streak: number;
}

export interface RoundSummary {
  uploaded: number;
  retrying: number;
  refused: number;
  /** Files whose parent's create is still in the outbox. */
  waiting: number;
  unauthorized: boolean;
  /** The server could not take files: the round stopped and the queue waits (`pause.until`). */
  halted: boolean;
  /** Epoch ms of the next file in backoff; null when none. */
  nextAttemptAt: number | null;
}

/** Tries answered 404 (the record not on the server) before the file waits for the user: a few seconds. */
const PARENT_GONE_AFTER = 4;

/** An upload interrupted by a closed tab or a crash goes back in the queue (the server dedups by id). */
export async function recoverInterrupted(db: LocalDb): Promise<void> {
  await db.blobs.where('state').equals('uploading').modify({ state: 'pending' });
}

/** True while the parent record's create has not been answered by the server (it is in the outbox). */
async function parentWaiting(db: LocalDb, entry: Pick<BlobEntry, 'parent_resource' | 'parent_id'>) {
  const entries = await db.outbox
    .where('[resource+record_id]')
    .equals([entry.parent_resource, entry.parent_id])
    .toArray();
  return entries.some((outbox) => outbox.op === 'create');
}

/** Files waiting in backoff go now (the network came back, the user asked). */
export async function retryAllNow(db: LocalDb): Promise<void> {
  await db.blobs.where('state').equals('pending').modify({ next_attempt_at: 0 });
}

async function settle(ctx: QueueContext, pause: QueuePause, entry: BlobEntry, summary: RoundSummary) {
  const outcome = await uploadFile(entry, ctx.target);
  // Waits count from the answer (a Retry-After is the server's word at that moment).
  const now = (ctx.now ?? Date.now)();
  const { db } = ctx;
  // The user may have removed the file while it was in flight: nothing to put back then.
  const still = await db.blobs.get(entry.id);
  if (!still) return;
  switch (outcome.kind) {
    case 'uploaded':
      summary.uploaded += 1;
      pause.streak = 0;
      pause.until = 0;
      await db.blobs.update(entry.id, { state: 'uploaded', last_error: null, last_status: null });
      return;
    case 'unauthorized':
      summary.unauthorized = true;
      await db.blobs.update(entry.id, { state: 'pending', attempts: Math.max(0, still.attempts - 1) });
      return;
    case 'refused':
      // Never archived, never retried on its own: it waits in "Needs attention" with the server's words.
      summary.refused += 1;
      // The server answered: it is up, the next files go at the usual pace.
      pause.streak = 0;
      pause.until = 0;
      await db.blobs.update(entry.id, {
        state: 'failed',
        last_error: outcome.words,
        last_status: outcome.status,
      });
      return;
    case 'retry': {
      if (outcome.status === 404 && still.attempts >= PARENT_GONE_AFTER) {
        // Its record's create was answered (it is not in the outbox), yet the server does not have it:
        // deleted meanwhile, or out of this user's reach. Retried unseen it would wait forever: it waits
        // for the user instead, bytes kept, like a refused file.
        summary.refused += 1;
        await db.blobs.update(entry.id, { state: 'failed', last_error: outcome.reason, last_status: 404 });
        return;
      }
      summary.retrying += 1;
      const backoff = { ...defaultBackoff, ...ctx.backoff };
      // The server's Retry-After is honoured up to the longest backoff (a wrong header never parks files).
      const asked = Math.min(outcome.retryAfterMs ?? 0, backoff.maxMs);
      const delay = Math.max(backoffDelay(still.attempts, backoff), asked);
      if (outcome.server) {
        // One step of the queue's backoff per round; the wait counts from the round's last such answer.
        if (!summary.halted) pause.streak += 1;
        summary.halted = true;
        pause.until = Math.max(pause.until, now + Math.max(backoffDelay(pause.streak, backoff), asked));
      }
      await db.blobs.update(entry.id, {
        state: 'pending',
        last_error: outcome.reason,
        // Null: the server was not reached (the screens say "no connection").
        last_status: outcome.status ?? null,
        next_attempt_at: now + delay,
      });
    }
  }
}

/** The files that may go now: pending, out of backoff, with their parent on the server. */
async function dueFiles(db: LocalDb, now: number, skip: Set<string>, summary: RoundSummary) {
  const pending = await db.blobs.where('state').equals('pending').toArray();
  const due: BlobEntry[] = [];
  summary.waiting = 0;
  summary.nextAttemptAt = null;
  for (const entry of pending.sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    if (skip.has(entry.id)) continue;
    if (entry.next_attempt_at > now) {
      summary.nextAttemptAt = Math.min(
        summary.nextAttemptAt ?? Number.POSITIVE_INFINITY,
        entry.next_attempt_at,
      );
      continue;
    }
    if (await parentWaiting(db, entry)) summary.waiting += 1;
    else due.push(entry);
  }
  return due;
}

/**
 * Uploads every due file, a few at a time, until none is left (files added meanwhile go too). Each file
 * is tried at most once per round; a failure puts it in backoff.
 */
export async function uploadDue(ctx: QueueContext): Promise<RoundSummary> {
  const now = ctx.now ?? Date.now;
  const pause = ctx.pause ?? { until: 0, streak: 0 };
  const summary: RoundSummary = {
    uploaded: 0,
    retrying: 0,
    refused: 0,
    waiting: 0,
    unauthorized: false,
    halted: false,
    nextAttemptAt: null,
  };
  const tried = new Set<string>();
  for (;;) {
    const due = await dueFiles(ctx.db, now(), tried, summary);
    if (summary.halted || pause.until > now()) {
      // Nothing goes before the queue's wait ends, whatever each file's own time.
      summary.halted = true;
      summary.nextAttemptAt = pause.until;
      return summary;
    }
    if (due.length === 0 || summary.unauthorized) return summary;
    // After a failure one file goes alone; once it is through, the next pass sends several again.
    const probing = pause.streak > 0;
    let index = 0;
    const worker = async () => {
      while (index < due.length && !summary.unauthorized && !summary.halted) {
        const entry = due[index++];
        if (!entry) return;
        tried.add(entry.id);
        const claimed = await ctx.db.transaction('rw', ctx.db.blobs, async () => {
          const row = await ctx.db.blobs.get(entry.id);
          if (row?.state !== 'pending') return null;
          const change = { state: 'uploading' as const, attempts: row.attempts + 1 };
          await ctx.db.blobs.update(entry.id, change);
          return { ...row, ...change };
        });
        if (claimed) await settle(ctx, pause, claimed, summary);
        if (probing) return;
      }
    };
    const workers = probing ? 1 : Math.max(1, ctx.concurrency ?? 3);
    await Promise.all(Array.from({ length: workers }, worker));
  }
}
