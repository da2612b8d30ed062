// The sync engine of one signed-in user on this device: when to push and pull (start, `online`, focus, a
// timer, local saves), backoff on failures, the needs-sign-in pause, and the status the screens show.
import { liveQuery, type Subscription } from 'dexie';
import { type SyncApi, SyncHttpError } from '../api/sync';
import type { DeviceState } from '../domain/sync-wire';
import { type LocalCounts, localCounts } from '../store/counts';
import type { LocalDb } from '../store/db';
import { getCursor } from '../store/meta';
import { desiredScopes } from '../store/scopes';
import { type BackoffOptions, backoffDelay, defaultBackoff } from './backoff';
import { deviceStateOf } from './device';
import { failureKind, failureWords, isAppOutdated } from './failures';
import { type Leadership, requestLeadership } from './leader';
import { LiveChannel, type LiveNotice } from './live';
import { madeProgress, progressMark } from './progress';
import { type PullContext, pullAll } from './pull';
import type { PushContext } from './push';
import { refreshStorage, type SyncPhase, setSyncStatus, useSyncStatus } from './status';

// The push's code loads with the first change there is to send: a first visit, and most openings, have
// none (with an empty outbox a push sends nothing). A failed load (offline before the code was cached, see
// src/app/pwa/offlineCode.ts) is tried again at the next round, like a failed request.
let pushCode: Promise<typeof import('./push')> | null = null;

async function pushQueued(context: PushContext): Promise<void> {
  if ((await context.db.outbox.count()) === 0) return;
  pushCode ??= import('./push').catch((error: unknown) => {
    pushCode = null;
    throw error;
  });
  await (await pushCode).pushAll(context);
}

export interface SyncEngineOptions {
  db: LocalDb;
  api: SyncApi;
  /** The user whose database this is; only their changes are pushed. */
  userId: string;
  appVersion?: string;
  batchSize?: number;
  pageSize?: number;
  backoff?: Partial<BackoffOptions>;
  /** Pull (and push) this often while idle; 0 turns the timer off. */
  intervalMs?: number;
  /** Delay between a local save and its push, so a burst of saves goes in one batch. */
  pushDelayMs?: number;
  /** Web Locks' request, or null to lead alone (tests); default navigator.locks when present. */
  locks?: Parameters<typeof requestLeadership>[1];
  /** Where `online` and `focus` come from; default window when present. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  /** Called once when the server refuses the token (the shell may ask the user to sign in). */
  onUnauthorized?: () => void;
  /** How to pull (default pullAll here; the app runs it in a worker: ./pullInWorker.ts). */
  pull?: (ctx: PullContext) => Promise<number>;
  /** Ask the browser to keep this origin's storage (sign-in). */
  requestPersistence?: boolean;
  /** Follow the server's live notices (./live.ts) to pull as soon as a held scope changes elsewhere. */
  live?: boolean;
}

/** 'local': a save was made (its push follows shortly); 'push': that push, without a pull. */
type Trigger = 'start' | 'online' | 'focus' | 'timer' | 'local' | 'push' | 'manual' | 'retry' | 'live';

export class SyncEngine {
  private readonly backoff: BackoffOptions;
  private running: Promise<void> | null = null;
  private again = false;
  private againFull = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private leadership: Leadership | null = null;
  private counts: Subscription | null = null;
  private phase: SyncPhase = 'stopped';
  private leader = false;
  private readonly live: LiveChannel | null;

  constructor(private readonly options: SyncEngineOptions) {
    this.backoff = { ...defaultBackoff, ...options.backoff };
    const { api } = options;
    this.live =
      options.live && api.live
        ? new LiveChannel({
            api: { live: api.live.bind(api) },
            onChange: (notice) => void this.onLiveNotice(notice),
            onResync: () => this.trigger('live'),
            onConnected: (live) => setSyncStatus({ live }),
          })
        : null;
  }

  get state(): SyncPhase {
    return this.phase;
  }

  /** This tab holds the lead (sends and receives). */
  get isLeader(): boolean {
    return this.leader;
  }

  /** Starts watching the local counts, asks for the lead, and syncs once it has it. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const { db } = this.options;
    this.counts = liveQuery(() => localCounts(db)).subscribe({
      next: (counts) => this.onCounts(counts),
      error: () => {},
    });
    this.setPhase('idle');
    this.listen(true);
    void refreshStorage(this.options.requestPersistence ?? false);
    this.leadership = requestLeadership(`karbontrack-sync:${db.name}`, this.options.locks);
    this.leadership.acquired.then(
      async () => {
        if (this.stopped) return;
        // A batch left 'sending' by a tab that closed mid-push goes again (the server answers duplicates);
        // the server may have applied it meanwhile.
        await db.outbox
          .where('state')
          .equals('sending')
          .modify({ state: 'pending', unanswered: true })
          .catch(() => 0);
        if (this.stopped) return;
        this.leader = true;
        setSyncStatus({ leader: true });
        this.trigger('start');
      },
      () => {},
    );
  }

  /** Stops syncing (sign-out): waits for the step in flight; the outbox and the data stay. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.listen(false);
    this.live?.stop();
    this.clearTimer();
    this.counts?.unsubscribe();
    this.counts = null;
    await this.running?.catch(() => {});
    this.leadership?.release();
    this.leadership = null;
    this.leader = false;
    this.setPhase('stopped');
    setSyncStatus({ leader: false, backoffUntil: null, firstSync: null });
  }

  /** After a 401: the same user signed in again (the token source now gives a valid token). */
  resume(userId: string): void {
    if (userId !== this.options.userId) throw new Error('Another user: their changes stay in their database');
    if (this.phase === 'needs-sign-in') this.setPhase('idle');
    this.failures = 0;
    this.trigger('manual');
  }

  /** Runs a push and pull now, unless paused for sign-in; resolves when the engine is idle again. */
  async syncNow(): Promise<void> {
    this.trigger('manual');
    await this.whenIdle();
  }

  /** Resolves once no step is running (tests and the sync panel's "sync now"). */
  async whenIdle(): Promise<void> {
    while (this.running) await this.running.catch(() => {});
  }

  /** Something happened that may let work through: decides whether to run now. */
  trigger(reason: Trigger): void {
    if (this.stopped || !this.leader || this.phase === 'needs-sign-in' || this.phase === 'app-outdated')
      return;
    // During backoff only a returning network, the user coming back, or the timer try again at once.
    if (this.phase === 'backoff' && (reason === 'local' || reason === 'timer' || reason === 'live')) return;
    if (reason === 'local') {
      this.schedule(this.options.pushDelayMs ?? 200, 'push');
      return;
    }
    // A save only needs its push; everything else also pulls.
    const full = reason !== 'push';
    if (this.running) {
      this.again = true;
      this.againFull ||= full;
      return;
    }
    this.clearTimer();
    this.running = this.cycle(full).finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        const next = this.againFull ? 'retry' : 'push';
        this.again = false;
        this.againFull = false;
        this.trigger(next);
      }
    });
  }

  private async cycle(full: boolean): Promise<void> {
    this.setPhase('syncing');
    const { db, api, userId } = this.options;
    const deviceState = () => this.deviceState();
    const before = await progressMark(db);
    try {
      const context = { db, api, deviceState, userId, batchSize: this.options.batchSize };
      await pushQueued(context);
      if (full) {
        await (this.options.pull ?? pullAll)({
          ...context,
          pageSize: this.options.pageSize,
          onProgress: (progress) => setSyncStatus({ firstSync: progress.first ? progress : null }),
        });
        // Changes saved during the pull go now rather than at the next timer.
        await pushQueued(context);
      }
      this.failures = 0;
      setSyncStatus({ lastError: null, lastErrorKind: null, backoffUntil: null, firstSync: null });
      if (!this.stopped) this.setPhase('idle');
      if (this.options.intervalMs !== 0) this.schedule(this.options.intervalMs ?? 60_000, 'timer');
      void refreshStorage();
      if (full && this.live && !this.stopped) this.live.follow(await desiredScopes(db));
    } catch (error) {
      // A round that got anywhere (a batch answered, a page stored) starts the backoff over: on a link that
      // fails every few requests the waits stay short while work moves, instead of growing to minutes.
      if (before && madeProgress(before, await progressMark(db))) this.failures = 0;
      this.onFailure(error);
    }
  }

  private onFailure(error: unknown): void {
    setSyncStatus({ lastError: failureWords(error), lastErrorKind: failureKind(error), firstSync: null });
    if (error instanceof SyncHttpError && error.status === 401) {
      this.setPhase('needs-sign-in');
      setSyncStatus({ backoffUntil: null });
      this.options.onUnauthorized?.();
      return;
    }
    if (isAppOutdated(error)) {
      // Until this app is reloaded: what waits stays in the outbox, for the new app to send.
      this.setPhase('app-outdated');
      setSyncStatus({ backoffUntil: null });
      return;
    }
    this.failures += 1;
    const delay = backoffDelay(this.failures, this.backoff);
    setSyncStatus({ backoffUntil: Date.now() + delay });
    this.setPhase('backoff');
    this.schedule(delay, 'retry');
  }

  /** A scope changed on the server: pull, unless this device's cursor is already there. */
  private async onLiveNotice(notice: LiveNotice): Promise<void> {
    const state = await getCursor(this.options.db, notice.scope).catch(() => undefined);
    if (state?.complete && state.cursor === notice.cursor) return;
    this.trigger('live');
  }

  private deviceState(): Promise<DeviceState> {
    return deviceStateOf(this.options.db, this.options.appVersion);
  }

  private onCounts(counts: LocalCounts): void {
    const before = useSyncStatus.getState().pending;
    setSyncStatus(counts);
    if (counts.pending > before) this.trigger('local');
  }

  private readonly onOnline = () => {
    setSyncStatus({ online: true });
    this.failures = 0;
    this.forceTry('online');
  };
  private readonly onOffline = () => setSyncStatus({ online: false });
  private readonly onFocus = () => this.forceTry('focus');
  private readonly onVisible = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'visible') this.forceTry('focus');
  };

  private forceTry(reason: Trigger): void {
    if (this.phase === 'backoff') this.setPhase('idle');
    this.trigger(reason);
  }

  private listen(on: boolean): void {
    const target = this.options.events === undefined ? (globalThis.window ?? null) : this.options.events;
    if (!target) return;
    const method = on ? target.addEventListener.bind(target) : target.removeEventListener.bind(target);
    method('online', this.onOnline);
    method('offline', this.onOffline);
    method('focus', this.onFocus);
    // Coming back to the app (a tablet's other app, a locked screen) shows on the document, not the window.
    if (this.options.events === undefined && typeof document !== 'undefined') {
      if (on) document.addEventListener('visibilitychange', this.onVisible);
      else document.removeEventListener('visibilitychange', this.onVisible);
    }
  }

  private schedule(delay: number, reason: Trigger): void {
    this.clearTimer();
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.phase === 'backoff') this.setPhase('idle');
      this.trigger(reason);
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private setPhase(phase: SyncPhase): void {
    this.phase = phase;
    setSyncStatus({ phase });
  }
}
