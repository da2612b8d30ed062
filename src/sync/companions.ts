// What runs beside the sync engine while a user is signed in: the file uploader (only in the leading tab,
// not while paused for sign-in), the queue of packing-list imports chosen offline, the Background Sync
// registration whenever work waits, and the session the service worker replays with when the tab is gone.
import type { LocalDb } from '../store/db';
import { clearReplaySession, registerBackgroundSync, saveReplaySession } from './background';
import { startImportQueue } from './files/imports';
import { FileUploader } from './files/uploader';
import { useSyncStatus } from './status';

export interface Companions {
  uploader: FileUploader;
  stop(): Promise<void>;
}

let current: Companions | null = null;

export function startCompanions(
  db: LocalDb,
  userId: string,
  token: () => string | null,
  options: { baseUrl?: string; onUnauthorized?: () => void } = {},
): Companions {
  const canRun = () => {
    const status = useSyncStatus.getState();
    return status.leader && status.phase !== 'needs-sign-in' && status.phase !== 'stopped';
  };
  const uploader = new FileUploader({
    db,
    target: { token, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) },
    canRun,
    onUnauthorized: options.onUnauthorized,
  });
  uploader.start();
  const stopImports = startImportQueue(userId);
  const initial = token();
  if (initial) void saveReplaySession(userId, initial).catch(() => {});
  let registered = false;
  // The engine's last round failed: its next good round says the server is back, so the files go now (one
  // alone first) rather than at the end of a wait that grew during the outage.
  let engineFailed = false;
  const unsubscribe = useSyncStatus.subscribe((status, previous) => {
    if (status.phase === 'backoff') engineFailed = true;
    if (engineFailed && previous.phase === 'syncing' && status.phase === 'idle') {
      engineFailed = false;
      void uploader.retryNow();
    }
    // The lead arrived, sign-in resumed, or a sync round ended (a parent may be on the server now).
    else if (
      status.leader !== previous.leader ||
      (previous.phase !== 'idle' && status.phase === 'idle') ||
      status.online !== previous.online
    )
      uploader.kick();
    const waiting = status.pending + status.files_pending > 0;
    if (waiting && !registered) {
      registered = true;
      const now = token();
      if (now) void saveReplaySession(userId, now).catch(() => {});
      void registerBackgroundSync();
    } else if (!waiting) registered = false;
  });
  const companions: Companions = {
    uploader,
    async stop() {
      unsubscribe();
      stopImports();
      await uploader.stop();
      if (current === companions) current = null;
    },
  };
  current = companions;
  return companions;
}

/** The running uploader ("sync now" retries the files too). */
export function getFileUploader(): FileUploader | null {
  return current?.uploader ?? null;
}

/** Sign-out: the service worker must not send as the user any more. */
export async function forgetReplaySession(): Promise<void> {
  await clearReplaySession().catch(() => {});
}
