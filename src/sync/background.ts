// Background Sync: where the browser has it (Chromium), the tab registers a one-off sync tag whenever the
// outbox or the file queue holds work, and the service worker replays them on the 'sync' event, also after
// the tab is closed (see ../../sw/README.md). Elsewhere (Firefox, Safari) nothing is registered: the work
// waits on the device and goes the next time the app is open (start, `online`, focus, timer).
// The service worker cannot read localStorage, so the tab leaves it the user id and token in a small
// IndexedDB database, cleared at sign-out.
import { Dexie, type Table } from 'dexie';

export const BACKGROUND_SYNC_TAG = 'karbontrack-outbox';

export interface ReplaySession {
  key: 'current';
  user_id: string;
  token: string;
}

class ReplayDb extends Dexie {
  declare readonly session: Table<ReplaySession, string>;
  constructor() {
    super('karbontrack-replay');
    this.version(1).stores({ session: 'key' });
  }
}

let replayDb: ReplayDb | null = null;
const openReplayDb = () => {
  replayDb ??= new ReplayDb();
  return replayDb;
};

export async function saveReplaySession(userId: string, token: string): Promise<void> {
  await openReplayDb().session.put({ key: 'current', user_id: userId, token });
}

export async function clearReplaySession(): Promise<void> {
  await openReplayDb().session.clear();
}

export async function readReplaySession(): Promise<ReplaySession | undefined> {
  return openReplayDb().session.get('current');
}

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** Whether this browser has Background Sync (the status panel says so). */
export function hasBackgroundSync(): boolean {
  return typeof ServiceWorkerRegistration !== 'undefined' && 'sync' in ServiceWorkerRegistration.prototype;
}

/** Asks the browser to wake the service worker when there is a network; no-op without Background Sync. */
export async function registerBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker || !hasBackgroundSync()) return false;
  try {
    const registration = await navigator.serviceWorker.ready;
    const sync = (registration as ServiceWorkerRegistration & { sync?: SyncManagerLike }).sync;
    if (!sync) return false;
    await sync.register(BACKGROUND_SYNC_TAG);
    return true;
  } catch {
    // Not allowed (permission, private mode): the tab's own triggers remain.
    return false;
  }
}
