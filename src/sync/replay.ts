// The replay the service worker runs on a Background Sync event with no tab leading: the outbox, then the
// files, with the same code the tab uses. No React here (the service worker bundles this file).
import { createSyncApi } from '../api/sync';
import type { DeviceState } from '../domain/sync-wire';
import { localCounts } from '../store/counts';
import { LocalDb, localDbName } from '../store/db';
import { getDevice } from '../store/meta';
import { readReplaySession } from './background';
import { uploadDue } from './files/queue';
import { pushAll } from './push';

export interface ReplayResult {
  /** Why nothing ran: nobody signed in, no local database, a tab leads. */
  skipped: 'no-session' | 'no-database' | 'tab-leads' | null;
  applied: number;
  uploaded: number;
  /** Work is left that the network or server refused for now: the browser should try again later. */
  retry: boolean;
}

type LockManagerLike = {
  request<T>(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
};

async function deviceState(db: LocalDb): Promise<DeviceState> {
  const [device, counts] = await Promise.all([getDevice(db), localCounts(db)]);
  return {
    client_id: device.client_id,
    ...(device.device_name ? { device_name: device.device_name } : {}),
    app_version: 'background-sync',
    pending: counts.pending,
    needs_attention: counts.needs_attention,
    files_pending: counts.files_pending,
    ...(counts.oldest_pending_at ? { oldest_pending_at: counts.oldest_pending_at } : {}),
  };
}

async function replayIn(db: LocalDb, userId: string, token: string, baseUrl: string): Promise<ReplayResult> {
  const api = createSyncApi({ baseUrl, token: () => token });
  let applied = 0;
  let retry = false;
  try {
    applied = (await pushAll({ db, api, userId, deviceState: () => deviceState(db) })).applied;
  } catch {
    // Network, 5xx or 401: the entries are back as pending; the browser retries the sync event later.
    retry = true;
  }
  const files = await uploadDue({ db, target: { baseUrl, token: () => token } });
  retry ||= files.retrying > 0 || files.unauthorized;
  return { skipped: null, applied, uploaded: files.uploaded, retry };
}

/**
 * Replays the signed-in user's outbox and files unless a tab holds the sync lead (the tab does it then).
 * `locks` is the Web Locks manager (the service worker's navigator.locks).
 */
export async function replayOutbox(
  baseUrl: string,
  locks: LockManagerLike | undefined,
): Promise<ReplayResult> {
  const nothing = (skipped: ReplayResult['skipped']): ReplayResult => ({
    skipped,
    applied: 0,
    uploaded: 0,
    retry: false,
  });
  const session = await readReplaySession();
  if (!session) return nothing('no-session');
  const name = localDbName(session.user_id);
  // Opening a database that does not exist would create one with a new device id.
  if (!(await LocalDb.exists(name))) return nothing('no-database');
  const run = async () => {
    const db = new LocalDb(name);
    try {
      await db.open();
      return await replayIn(db, session.user_id, session.token, baseUrl);
    } finally {
      db.close();
    }
  };
  if (!locks) return run();
  // The same lock the leading tab holds: taken only if free, so a tab and the worker never both send.
  return locks.request(`karbontrack-sync:${name}`, { ifAvailable: true }, (lock) =>
    lock ? run() : Promise.resolve(nothing('tab-leads')),
  );
}
