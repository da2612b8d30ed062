// The sync status every screen can show: a small zustand store the engine keeps up to date, and hooks.
import { create } from 'zustand';
import type { LocalCounts } from '../store/counts';
import type { PullProgress } from './pull';

export type SyncPhase =
  /** Not signed in, or the engine is not running. */
  | 'stopped'
  | 'idle'
  | 'syncing'
  /** A push or pull failed (network, 429, 5xx): waiting until `backoffUntil`. */
  | 'backoff'
  /** The server refused the token: nothing is sent until the same user signs in again. */
  | 'needs-sign-in'
  /** The server runs a release whose records differ from this app's: nothing is sent until the app is
   * reloaded (the new app sends what waits). */
  | 'app-outdated';

export interface StorageInfo {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

export interface SyncStatus extends LocalCounts {
  online: boolean;
  phase: SyncPhase;
  /** Epoch ms of the next attempt while in backoff. */
  backoffUntil: number | null;
  /** The last failure, in plain words (English; for logs and details). */
  lastError: string | null;
  /** What kind of failure, for a translated message: no connection, the token refused, the server's own
   * failure (429, 5xx), another HTTP answer, or anything else. */
  lastErrorKind: 'network' | 'unauthorized' | 'server' | 'http' | 'other' | null;
  /** This tab sends and receives (another tab may hold the lead: it shows the same counts). */
  leader: boolean;
  /** The first download of a scope in progress, or null. */
  firstSync: PullProgress | null;
  /** The server's live notices reach this tab (changes elsewhere show within seconds, not at the next timer). */
  live: boolean;
  storage: StorageInfo;
}

const initialSyncStatus: SyncStatus = {
  online: typeof navigator === 'undefined' || navigator.onLine !== false,
  phase: 'stopped',
  backoffUntil: null,
  lastError: null,
  lastErrorKind: null,
  leader: false,
  firstSync: null,
  live: false,
  storage: { usage: null, quota: null, persisted: null },
  pending: 0,
  needs_attention: 0,
  oldest_pending_at: null,
  files_pending: 0,
  files_pending_bytes: 0,
  files_refused: 0,
  files_refused_bytes: 0,
  last_push_at: null,
  last_pull_at: null,
};

export const useSyncStatus = create<SyncStatus>(() => initialSyncStatus);

/** What waits for the user: refused changes and refused files. */
export const attentionCount = (status: SyncStatus): number => status.needs_attention + status.files_refused;

/** Files still on their way to the server (a refused one waits for the user, not for the network). */
export const filesOnTheirWay = (status: SyncStatus) => ({
  count: status.files_pending - status.files_refused,
  bytes: status.files_pending_bytes - status.files_refused_bytes,
});

export function setSyncStatus(patch: Partial<SyncStatus>): void {
  useSyncStatus.setState(patch);
}

export function resetSyncStatus(): void {
  useSyncStatus.setState({ ...initialSyncStatus, online: initialSyncStatus.online });
}

/** Reads the storage the browser gives this origin; requests persistence once when asked to. */
export async function refreshStorage(requestPersist = false): Promise<StorageInfo> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage) return useSyncStatus.getState().storage;
  let persisted: boolean | null = null;
  try {
    persisted = (await storage.persisted?.()) ?? null;
    if (requestPersist && persisted === false) persisted = (await storage.persist?.()) ?? persisted;
  } catch {
    // Not allowed here (private mode, some browsers): shown as unknown.
  }
  let usage: number | null = null;
  let quota: number | null = null;
  try {
    const estimate = await storage.estimate?.();
    usage = estimate?.usage ?? null;
    quota = estimate?.quota ?? null;
  } catch {
    // unknown
  }
  const info = { usage, quota, persisted };
  setSyncStatus({ storage: info });
  return info;
}
