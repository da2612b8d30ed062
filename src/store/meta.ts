// Typed access to the `meta` table: device identity, the per-device mutation counter, pull cursors,
// push and pull times, and the projects the user keeps offline.
import type { DeviceInfo, LocalDb } from './db';

/** 'global' or 'project:<id>'. */
export type Scope = string;

export interface CursorState {
  scope: Scope;
  /** The server's opaque cursor after the last committed page; null before the first page. */
  cursor: string | null;
  /** The scope has been pulled to its end at least once. */
  complete: boolean;
  /** A reset (410) is downloading the scope again: rows not seen by its end are swept. */
  resetting: boolean;
  /** Rows received in the current download, and the server's total when it says. */
  rows: number;
  total: number | null;
}

export interface SyncTimes {
  last_push_at: string | null;
  last_pull_at: string | null;
}

const cursorKey = (scope: Scope) => `cursor:${scope}`;

async function read<T>(db: LocalDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function getDevice(db: LocalDb): Promise<DeviceInfo> {
  const device = await read<DeviceInfo>(db, 'device');
  if (!device) throw new Error('The local database has no device record');
  return device;
}

export async function setDeviceName(db: LocalDb, name: string | null): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const device = await getDevice(db);
    await db.meta.put({ key: 'device', value: { ...device, device_name: name?.trim() || null } });
  });
}

/** Takes the next per-device mutation seq; call inside the write's transaction (meta included). */
export async function takeSeq(db: LocalDb): Promise<number> {
  const next = (await read<number>(db, 'next_seq')) ?? 1;
  await db.meta.put({ key: 'next_seq', value: next + 1 });
  return next;
}

export async function getCursor(db: LocalDb, scope: Scope): Promise<CursorState | undefined> {
  return read<CursorState>(db, cursorKey(scope));
}

export async function putCursor(db: LocalDb, state: CursorState): Promise<void> {
  await db.meta.put({ key: cursorKey(state.scope), value: state });
}

export async function deleteCursor(db: LocalDb, scope: Scope): Promise<void> {
  await db.meta.delete(cursorKey(scope));
}

/** Every scope with a cursor (the scopes this device holds). */
export async function knownScopes(db: LocalDb): Promise<Scope[]> {
  const keys = await db.meta.where('key').startsWith('cursor:').primaryKeys();
  return keys.map((key) => String(key).slice('cursor:'.length));
}

export async function getSyncTimes(db: LocalDb): Promise<SyncTimes> {
  return (await read<SyncTimes>(db, 'sync_times')) ?? { last_push_at: null, last_pull_at: null };
}

export async function touchSyncTime(db: LocalDb, which: keyof SyncTimes, at = new Date()): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const times = await getSyncTimes(db);
    await db.meta.put({ key: 'sync_times', value: { ...times, [which]: at.toISOString() } });
  });
}

/** Projects the user chose to keep offline (besides those in progress). */
export async function getKeptOffline(db: LocalDb): Promise<string[]> {
  return (await read<string[]>(db, 'keep_offline')) ?? [];
}

export async function setKeptOffline(db: LocalDb, projectId: string, keep: boolean): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const ids = new Set(await getKeptOffline(db));
    if (keep) ids.add(projectId);
    else ids.delete(projectId);
    await db.meta.put({ key: 'keep_offline', value: [...ids] });
  });
}
