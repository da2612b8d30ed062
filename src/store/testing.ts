// Test support: a local database on its own fake IndexedDB, as if on its own device.
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { uuidv7 } from '../domain/ids';
import type { ResourceName } from '../domain/registry';
import { LocalDb, type LocalDbOptions } from './db';

// Dexie's liveQuery runs only when it saw an IndexedDB at load time; Node has none, so give it one.
// Each device below still uses its own factory.
if (!Dexie.dependencies.indexedDB) {
  Dexie.dependencies.indexedDB = new IDBFactory() as unknown as globalThis.IDBFactory;
  Dexie.dependencies.IDBKeyRange = IDBKeyRange as unknown as typeof globalThis.IDBKeyRange;
}

/** A fresh device: its own IndexedDB, so two of them share nothing. */
export function deviceDb(
  userId: string = uuidv7(),
  options: Omit<LocalDbOptions, 'indexedDB' | 'IDBKeyRange'> & { indexedDB?: IDBFactory } = {},
): LocalDb {
  return new LocalDb(`karbontrack-${userId}`, {
    ...options,
    indexedDB: options.indexedDB ?? (new IDBFactory() as unknown as globalThis.IDBFactory),
    IDBKeyRange: IDBKeyRange as unknown as typeof globalThis.IDBKeyRange,
  });
}

/**
 * A resource's table for a test's partial rows (the few fields it reads, no sync columns), which
 * `db.rows(name)` refuses: its rows are typed from the registry, whole.
 */
export const looseRows = (db: LocalDb, resource: ResourceName) => db.rows<ResourceName>(resource);
