// Pull: for each scope, pages of changes after the scope's cursor, each page committed with its cursor.
import { type SyncApi, SyncHttpError } from '../api/sync';
import type { DeviceState, PulledPage } from '../domain/sync-wire';
import { StaleBasis, type StartedPage, startPulledPage } from '../store/apply';
import type { LocalDb } from '../store/db';
import {
  type CursorState,
  getCursor,
  knownScopes,
  putCursor,
  type Scope,
  touchSyncTime,
} from '../store/meta';
import { desiredScopes, dropScope, GLOBAL_SCOPE, heldProjectScopes, sweepScope } from '../store/scopes';

export interface PullProgress {
  scope: Scope;
  /** Rows received in this download. */
  rows: number;
  /** The scope's size when the server said (first download), else null. */
  total: number | null;
  /** Still downloading the scope for the first time (or again after a reset). */
  first: boolean;
}

export interface PullContext {
  db: LocalDb;
  api: SyncApi;
  deviceState: () => Promise<DeviceState>;
  /** Rows per page (the server allows up to 5000). */
  pageSize?: number;
  onProgress?: (progress: PullProgress) => void;
}

const fresh = (scope: Scope, resetting: boolean): CursorState => ({
  scope,
  cursor: null,
  complete: false,
  resetting,
  rows: 0,
  total: null,
});

/** A page whose transaction is under way, with what the loop does once it has committed. */
interface Applying {
  page: PulledPage;
  next: CursorState;
  started: StartedPage;
  /** The progress to report once it has committed (its first download). */
  progress: PullProgress | null;
  done: boolean;
  /** Started on the plan of a page that had to be applied again: it will be too. */
  doomed: boolean;
}

/**
 * Pulls one scope to its end. A 410 (cursor older than the kept history) downloads the scope again and
 * then removes the rows the server no longer has; the outbox is untouched throughout.
 *
 * Two pages overlap: the next page is asked for as soon as a page arrives (the server and the network work
 * while this page is written), and once it is in, its transaction starts on what this page leaves
 * (startPulledPage's basis) while this one commits. A page is committed only after the one before it,
 * with its cursor (a transaction that does not find the cursor of the page before rolls back); one whose
 * basis did not hold is applied again, planned on what it reads, and the page after it then waits for it.
 */
async function pullScope(ctx: PullContext, scope: Scope): Promise<number> {
  let state = (await getCursor(ctx.db, scope)) ?? fresh(scope, false);
  // The records a reset saw live only in memory: an interrupted reset starts over.
  let seen: Set<string> | null = state.resetting ? new Set() : null;
  if (state.resetting) state = fresh(scope, true);
  let received = 0;
  const fetchPage = async (cursor: string | null) =>
    ctx.api.pull({ scope, cursor, limit: ctx.pageSize ?? 1000 }, await ctx.deviceState());
  let ahead: Promise<PulledPage> | null = null;
  // Every transaction started, so that none is still running when this returns or throws.
  const underway: StartedPage[] = [];
  const start = (...args: Parameters<typeof startPulledPage>) => {
    const started = startPulledPage(...args);
    underway.push(started);
    return started;
  };
  // Waits for a page to commit (applied again if its basis did not hold) and reports it; says whether it
  // was applied again.
  const settle = async (applying: Applying): Promise<boolean> => {
    let again = false;
    try {
      await applying.started.committed;
    } catch (error) {
      if (!(error instanceof StaleBasis)) throw error;
      again = true;
      await start(ctx.db, applying.page.tables, applying.next, seen).committed;
    }
    received += applying.page.size;
    if (applying.progress) ctx.onProgress?.(applying.progress);
    if (applying.done && seen) await sweepScope(ctx.db, scope, seen);
    return again;
  };
  // The page whose transaction is under way (the page before the one being fetched).
  let applying: Applying | null = null;
  const settleApplying = async () => {
    const last = applying;
    applying = null;
    if (last) await settle(last);
  };
  try {
    for (;;) {
      let page: PulledPage;
      try {
        page = await (ahead ?? fetchPage(state.cursor));
        ahead = null;
      } catch (error) {
        ahead = null;
        await settleApplying();
        if (
          error instanceof SyncHttpError &&
          error.status === 410 &&
          !(state.resetting && state.cursor === null)
        ) {
          state = fresh(scope, true);
          seen = new Set();
          await putCursor(ctx.db, state);
          continue;
        }
        throw error;
      }
      const first = !state.complete;
      const rows = (first ? state.rows : 0) + page.size;
      const total = page.total ?? state.total;
      // An empty page that says "more" would loop for ever: take it as the end until the next round.
      const done = !page.has_more || page.size === 0;
      if (!done) {
        ahead = fetchPage(page.cursor);
        // Not awaited if this page fails to apply; its error then comes from the apply, not from here.
        ahead.catch(() => {});
      }
      const next: CursorState = {
        scope,
        cursor: page.cursor,
        complete: state.complete || done,
        resetting: state.resetting && !done,
        rows: first && !done ? rows : 0,
        total: first && !done ? total : null,
      };
      // A page that will be applied again is waited for: this one is then planned on what it reads.
      if (applying?.doomed) await settleApplying();
      // Planned on what the page before leaves, while it commits.
      const previous: Applying | null = applying;
      const basis = previous ? await previous.started.next : null;
      const current: Applying = {
        page,
        next,
        started: start(ctx.db, page.tables, next, seen, basis),
        progress: first ? { scope, rows, total, first: !done } : null,
        done,
        doomed: false,
      };
      if (previous) current.doomed = await settle(previous);
      applying = current;
      state = next;
      if (done) {
        await settleApplying();
        return received;
      }
    }
  } finally {
    // A page under way when the pull failed still ends (committed or rolled back) before this returns.
    await Promise.all(underway.map((started) => started.committed.catch(() => {})));
  }
}

/**
 * Pulls global first (it says which projects exist and which are in progress), then every project scope
 * kept offline; scopes no longer kept are dropped (never a row with pending changes). A project that is
 * gone from the server (404) is dropped too.
 */
export async function pullAll(ctx: PullContext): Promise<number> {
  let received = await pullScope(ctx, GLOBAL_SCOPE);
  const wanted = await desiredScopes(ctx.db);
  const held = new Set([...(await knownScopes(ctx.db)), ...(await heldProjectScopes(ctx.db))]);
  for (const scope of held) if (!wanted.includes(scope)) await dropScope(ctx.db, scope);
  for (const scope of wanted) {
    if (scope === GLOBAL_SCOPE) continue;
    try {
      received += await pullScope(ctx, scope);
    } catch (error) {
      if (error instanceof SyncHttpError && error.status === 404) await dropScope(ctx.db, scope);
      else throw error;
    }
  }
  await touchSyncTime(ctx.db, 'last_pull_at');
  return received;
}
