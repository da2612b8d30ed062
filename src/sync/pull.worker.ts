/// <reference lib="webworker" />
// The pull in a dedicated worker: fetching pages, parsing their JSON and writing them to IndexedDB all
// happen off the main thread, so a first download of 100,000 rows never freezes the screen. The worker
// runs the same pullAll over its own connection to the user's database; screens see the rows through
// Dexie's cross-context change notifications. See ./pullInWorker.ts for the tab's side.
import { createSyncApi, SyncHttpError, SyncNetworkError } from '../api/sync';
import type { DeviceState } from '../domain/sync-wire';
import { LocalDb, localDbName } from '../store/db';
import { pullAll } from './pull';

export interface PullRequest {
  id: number;
  userId: string;
  token: string | null;
  baseUrl: string;
  device: DeviceState;
  pageSize?: number;
}

export type PullReply =
  | {
      id: number;
      type: 'progress';
      progress: Parameters<NonNullable<Parameters<typeof pullAll>[0]['onProgress']>>[0];
    }
  | { id: number; type: 'done'; rows: number }
  | {
      id: number;
      type: 'error';
      kind: 'http' | 'network' | 'other';
      status: number;
      body: unknown;
      message: string;
    };

const scope = self as unknown as DedicatedWorkerGlobalScope;
let db: LocalDb | null = null;

async function open(userId: string): Promise<LocalDb> {
  const name = localDbName(userId);
  if (db?.name === name) return db;
  db?.close();
  db = new LocalDb(name);
  await db.open();
  return db;
}

scope.onmessage = async (event: MessageEvent<PullRequest>) => {
  const { id, userId, token, baseUrl, device, pageSize } = event.data;
  const reply = (message: PullReply) => scope.postMessage(message);
  try {
    const api = createSyncApi({ baseUrl, token: () => token });
    const rows = await pullAll({
      db: await open(userId),
      api,
      deviceState: async () => device,
      pageSize,
      onProgress: (progress) => reply({ id, type: 'progress', progress }),
    });
    reply({ id, type: 'done', rows });
  } catch (error) {
    reply({
      id,
      type: 'error',
      kind: error instanceof SyncHttpError ? 'http' : error instanceof SyncNetworkError ? 'network' : 'other',
      status: error instanceof SyncHttpError ? error.status : 0,
      body: error instanceof SyncHttpError ? error.body : undefined,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
