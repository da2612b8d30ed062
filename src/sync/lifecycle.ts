// Sign-in opens the user's local store and starts its sync engine; sign-out stops the engine and closes
// the store (the data and the outbox stay for the next sign-in of the same user).
import { createSyncApi } from '../api/sync';
import { setActiveStore } from '../store/active';
import { unsentCount } from '../store/counts';
import { type LocalDb, openLocalDb } from '../store/db';
import { type Companions, forgetReplaySession, type Later, startCompanions } from './companions';
import { SyncEngine } from './engine';
import { type WorkerPull, workerPull } from './pullInWorker';
import { setSyncEngine } from './running';
import { resetSyncStatus } from './status';

interface Running {
  userId: string;
  db: LocalDb;
  engine: SyncEngine;
  /** The pull worker, ended at sign-out so nothing of this user keeps running. */
  puller: WorkerPull;
  /** The file uploader and Background Sync beside the engine (./companions.ts). */
  companions: Companions;
}

let running: Running | null = null;
// Starts and stops run one after another (React may unmount and mount an effect in a row).
let queue: Promise<unknown> = Promise.resolve();

interface StartSyncOptions {
  /** The session's token, read on every request. */
  token: () => string | null;
  /** Server origin; default this page's. */
  baseUrl?: string;
  onUnauthorized?: () => void;
  /** When the file uploader and the import queue load and start (./companions.ts); default at once. */
  filesLater?: Later;
}

const appVersion = (): string | undefined => import.meta.env?.VITE_APP_VERSION ?? import.meta.env?.MODE;

async function start(userId: string, options: StartSyncOptions): Promise<void> {
  if (running?.userId === userId) {
    running.engine.resume(userId);
    return;
  }
  await stop();
  const db = openLocalDb(userId);
  await db.open();
  const api = createSyncApi({ token: options.token, baseUrl: options.baseUrl });
  const puller = workerPull({ userId, token: options.token, baseUrl: options.baseUrl });
  const engine = new SyncEngine({
    db,
    api,
    userId,
    appVersion: appVersion(),
    onUnauthorized: options.onUnauthorized,
    requestPersistence: true,
    live: true,
    // Pulled pages are fetched, parsed and written in a worker, off the screen's thread; pages of 5,000
    // rows (the server's most) halve the first download's time, the server's cost being per page.
    pull: puller.pull,
    pageSize: Number(import.meta.env?.VITE_PULL_PAGE_SIZE ?? 5000),
  });
  const companions = startCompanions(db, userId, options.token, options);
  running = { userId, db, engine, puller, companions };
  setSyncEngine(engine);
  setActiveStore({ db, userId });
  engine.start();
}

async function stop(): Promise<void> {
  const current = running;
  if (!current) return;
  running = null;
  setSyncEngine(null);
  setActiveStore(null);
  // First the worker: a pull under way ends now (rejected) instead of downloading on for the next user.
  current.puller.terminate();
  await current.engine.stop();
  await current.companions.stop();
  current.db.close();
  resetSyncStatus();
}

/** Opens the user's store and syncs it; the same user again resumes (after a 401 pause). */
function startSync(userId: string, options: StartSyncOptions): Promise<void> {
  queue = queue.then(() => start(userId, options)).catch(() => {});
  return queue.then(() => {});
}

function stopSync(): Promise<void> {
  queue = queue
    .then(stop)
    .then(forgetReplaySession)
    .catch(() => {});
  return queue.then(() => {});
}

/**
 * For the shell: follow the signed-in user (null: nobody). Returns nothing to clean up per render.
 * `onUnauthorized`: the server refused the token (sync or a file upload); the engine is paused by then.
 * `filesLater`: when the file uploader and the import queue load and start (default at once).
 */
export function connectSync(
  userId: string | null,
  token: () => string | null,
  onUnauthorized?: () => void,
  filesLater?: Later,
): void {
  if (userId) void startSync(userId, { token, onUnauthorized, filesLater });
  else void stopSync();
}

export { getSyncEngine } from './running';

/** For the logout check: changes and files of the signed-in user not yet on the server. */
export async function localPendingChanges(): Promise<number> {
  return running ? unsentCount(running.db) : 0;
}
