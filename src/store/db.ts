// The local database of one user on one device. Each signed-in user has their own database
// (`karbontrack-<user id>`), so one user's unsent changes are never shown to, or pushed as, another.
import { Dexie, type DexieOptions, type Table } from 'dexie';
import { uuidv7 } from '../domain/ids';
import type { ResourceName } from '../domain/registry';
import { upgradeOlderEntries } from './older-entries';
import {
  type BlobEntry,
  type MetaEntry,
  type OutboxEntry,
  type RowsOf,
  type SchemaVersion,
  type ServerCopy,
  schemaVersions,
} from './schema';

export interface LocalDbOptions {
  /** Test seams: fake-indexeddb's factory and key range, one pair per simulated device. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** The schema versions (tests add a later version to check an upgrade). */
  versions?: readonly SchemaVersion[];
}

export interface DeviceInfo {
  client_id: string;
  device_name: string | null;
  created_at: string;
}

export class LocalDb extends Dexie {
  declare readonly outbox: Table<OutboxEntry, string>;
  declare readonly blobs: Table<BlobEntry, string>;
  declare readonly meta: Table<MetaEntry, string>;
  declare readonly server_rows: Table<ServerCopy, string>;

  constructor(name: string, options: LocalDbOptions = {}) {
    const dexieOptions: DexieOptions = {};
    if (options.indexedDB) dexieOptions.indexedDB = options.indexedDB;
    if (options.IDBKeyRange) dexieOptions.IDBKeyRange = options.IDBKeyRange;
    super(name, dexieOptions);
    for (const step of options.versions ?? schemaVersions) {
      const version = this.version(step.version).stores(step.stores);
      if (step.upgrade) version.upgrade(step.upgrade);
    }
    // Entries an older release stored are rewritten in today's shape as it opens (older-entries.ts).
    this.on('ready', (db) => upgradeOlderEntries(db).catch(() => {}), true);
    // The device's id is made with the database, once, and never changes.
    this.on('populate', (tx) => {
      const device: DeviceInfo = {
        client_id: uuidv7(),
        device_name: null,
        created_at: new Date().toISOString(),
      };
      void tx.table('meta').add({ key: 'device', value: device });
      void tx.table('meta').add({ key: 'next_seq', value: 1 });
    });
  }

  /**
   * The table of a synced resource, named as the resource ('packing-list'): its rows typed from the
   * registry. What is put is any row with an id (the sync layer stores the server's rows as they come).
   */
  rows<N extends ResourceName>(resource: N): Table<RowsOf<N>, string, RowsOf<N>> {
    return this.table(resource);
  }
}

/** The database name of a user's local store. */
export const localDbName = (userId: string) => `karbontrack-${userId}`;

export function openLocalDb(userId: string, options: LocalDbOptions = {}): LocalDb {
  return new LocalDb(localDbName(userId), options);
}
