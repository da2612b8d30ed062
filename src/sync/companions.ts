// What runs beside the sync engine while a user is signed in: the file uploader (only in the leading tab,
// not while paused for sign-in) and the queue of packing-list imports chosen offline (./files/work.ts,
// loaded when the caller says: the app, once the first screen has settled), the Background Sync
// registration whenever work waits, and the session the service worker replays with when the tab is gone.
import type { LocalDb } from '../store/db';
import { clearReplaySession, registerBackgroundSync, saveReplaySession } from './background';
import type { FileUploader } from './files/uploader';
import type { FileWork } from './files/work';
import { useSyncStatus } from './status';

export interface Companions {
  /** The file uploader, once its code has loaded and started. */
  readonly uploader: FileUploader | null;
  /** The file uploader now: loaded and started at once if it was waiting (the user asks to sync now). */
  uploaderNow(): Promise<FileUploader | null>;
  stop(): Promise<void>;
}

/** Runs `run` when the caller chooses; returns a function that cancels it if it has not run yet. */
export type Later = (run: () => void) => () => void;

const atOnce: Later = (run) => {
  run();
  return () => {};
};

let current: Companions | null = null;

export function startCompanions(
  db: LocalDb,
  userId: string,
  token: () => string | null,
  options: { baseUrl?: string; onUnauthorized?: () => void; filesLater?: Later } = {},
): Companions {
  const canRun = () => {
    const status = useSyncStatus.getState();
    return status.leader && status.phase !== 'needs-sign-in' && status.phase !== 'stopped';
  };
  let files: FileWork | null = null;
  let due = false;
  let loading: Promise<void> | null = null;
  let stopped = false;
  // A load that failed (offline before the code was cached) is tried again at the next change of the
  // sync's status (the network back, a round ended).
  const loadFiles = (): Promise<void> => {
    due = true;
    if (files || stopped) return Promise.resolve();
    loading ??= import('./files/work')
      .then(({ startFileWork }) => {
        if (stopped) return;
        const target = { token, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) };
        files = startFileWork(db, userId, target, canRun, options.onUnauthorized);
      })
      .catch(() => {})
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  const cancelFiles = (options.filesLater ?? atOnce)(() => void loadFiles());
  const initial = token();
  if (initial) void saveReplaySession(userId, initial).catch(() => {});
  let registered = false;
  // The engine's last round failed: its next good round says the server is back, so the files go now (one
  // alone first) rather than at the end of a wait that grew during the outage.
  let engineFailed = false;
  const unsubscribe = useSyncStatus.subscribe((status, previous) => {
    if (due && !files) void loadFiles();
    const uploader = files?.uploader;
    if (status.phase === 'backoff') engineFailed = true;
    if (engineFailed && previous.phase === 'syncing' && status.phase === 'idle') {
      engineFailed = false;
      void uploader?.retryNow();
    }
    // The lead arrived, sign-in resumed, or a sync round ended (a parent may be on the server now).
    else if (
      status.leader !== previous.leader ||
      (previous.phase !== 'idle' && status.phase === 'idle') ||
      status.online !== previous.online
    )
      uploader?.kick();
    const waiting = status.pending + status.files_pending > 0;
    if (waiting && !registered) {
      registered = true;
      const now = token();
      if (now) void saveReplaySession(userId, now).catch(() => {});
      void registerBackgroundSync();
    } else if (!waiting) registered = false;
  });
  const companions: Companions = {
    get uploader() {
      return files?.uploader ?? null;
    },
    async uploaderNow() {
      cancelFiles();
      await loadFiles();
      return files?.uploader ?? null;
    },
    async stop() {
      stopped = true;
      cancelFiles();
      unsubscribe();
      await files?.stop();
      if (current === companions) current = null;
    },
  };
  current = companions;
  return companions;
}

/** The running uploader ("sync now" retries the files too), loaded at once if it was waiting. */
export async function getFileUploader(): Promise<FileUploader | null> {
  return (await current?.uploaderNow()) ?? null;
}

/** Sign-out: the service worker must not send as the user any more. */
export async function forgetReplaySession(): Promise<void> {
  await clearReplaySession().catch(() => {});
}
