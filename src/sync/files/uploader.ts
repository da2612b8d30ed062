// The tab's file uploader: runs the queue when files are added, when a parent's create is answered, when
// the network comes back, and when a file's backoff ends; only while this tab leads the sync (Web Locks),
// so two tabs never send the same file at once. Independent of the record push: a file never blocks it.
import { liveQuery, type Subscription } from 'dexie';
import type { LocalDb } from '../../store/db';
import { evictUploaded } from './evict';
import {
  type QueueContext,
  type QueuePause,
  type RoundSummary,
  recoverInterrupted,
  retryAllNow,
  uploadDue,
} from './queue';

export interface UploaderOptions extends QueueContext {
  /** Whether uploads may run now (this tab leads, sync is not paused for sign-in). */
  canRun?: () => boolean;
  onUnauthorized?: () => void;
  /** Where `online` comes from; default window when present. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

export class FileUploader {
  private running: Promise<RoundSummary | null> | null = null;
  private again = false;
  private stopped = true;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private watch: Subscription | null = null;
  /** The whole queue's wait after the server could not take a file (./queue.ts), across rounds. */
  private readonly pause: QueuePause = { until: 0, streak: 0 };

  constructor(private readonly options: UploaderOptions) {}

  get db(): LocalDb {
    return this.options.db;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const { db } = this.options;
    // Changes to pending files or to the outbox (a parent's create answered) may let files through.
    this.watch = liveQuery(() =>
      Promise.all([db.blobs.where('state').equals('pending').count(), db.outbox.count()]),
    ).subscribe({ next: () => this.kick(), error: () => {} });
    this.events()?.addEventListener('online', this.onOnline);
    void recoverInterrupted(db).then(() => this.kick());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.watch?.unsubscribe();
    this.watch = null;
    this.events()?.removeEventListener('online', this.onOnline);
    this.clearTimer();
    await this.running?.catch(() => null);
  }

  /** Tries the due files now (the leader changed, sign-in resumed, a file was added). */
  kick(): void {
    if (this.stopped) return;
    if (this.options.canRun && !this.options.canRun()) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.clearTimer();
    this.running = uploadDue({ ...this.options, pause: this.pause })
      .then(async (summary) => {
        if (summary.unauthorized) this.options.onUnauthorized?.();
        else {
          if (summary.nextAttemptAt !== null) this.schedule(summary.nextAttemptAt - Date.now());
          // The server has confirmed these files: their original bytes need not stay on the device (not
          // asked while the server cannot take files: its thumbnails can wait too).
          if (!summary.halted) await evictUploaded(this.options.db, this.options.target).catch(() => null);
        }
        return summary;
      })
      .catch(() => {
        this.schedule(5_000);
        return null;
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Every file in backoff goes now ("sync now", the network is back). */
  async retryNow(): Promise<void> {
    // The network is back or the user asked: one file tries now (still alone after failures).
    this.pause.until = 0;
    await retryAllNow(this.options.db);
    this.kick();
  }

  /** Resolves when no round is running (tests, "sync now"). */
  async whenIdle(): Promise<void> {
    while (this.running) await this.running.catch(() => null);
  }

  private readonly onOnline = () => void this.retryNow();

  private events() {
    return this.options.events === undefined ? (globalThis.window ?? null) : this.options.events;
  }

  private schedule(delay: number): void {
    this.clearTimer();
    if (this.stopped) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.kick();
      },
      Math.max(0, delay),
    );
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
