// The local database's tables and their versions. Resource tables take their indexes from the domain
// registry (`dexieStores`, through its catalogue); the sync tables are declared here. Adding or changing an index means adding a
// version at the end of `schemaVersions` (never editing a released one): Dexie upgrades in place and
// every table not named in an upgrade, the outbox above all, keeps its rows.

import type { Transaction } from 'dexie';
import { dexieStores } from '../domain/catalogue';
import type { KeyedMessage } from '../domain/message-keys';
import type { ResourceName } from '../domain/registry';
import type { ResourceRow } from '../domain/rows';

/** What the sync layer keeps beside the synced rows. */
export const syncStores = {
  /** Mutations waiting for the server, in per-device `seq` order. */
  outbox: 'mutation_id, &seq, [resource+record_id], state',
  /** Files waiting to upload, and cached ones, by parent record. */
  blobs: 'id, [parent_resource+parent_id], state, next_attempt_at',
  /** Device identity, cursors per scope, push and pull times, projects kept offline. */
  meta: 'key',
  /** The last server copy of each record with pending mutations ('resource/id'): rebase and discard use it. */
  server_rows: 'key',
} as const;

type StoreSpec = Readonly<Record<string, string | null>>;

export interface SchemaVersion {
  readonly version: number;
  /** Tables created or re-indexed by this version (null deletes a table); others are kept as they are. */
  readonly stores: StoreSpec;
  /** Moves data into the new shape, inside the upgrade transaction. */
  readonly upgrade?: (tx: Transaction) => PromiseLike<unknown> | undefined;
}

/**
 * Every version of the local schema, oldest first. Version 1 takes the registry's current indexes. To
 * change an index later: append `{version: 2, stores: {'packing-list': '...new...'}}` (with `upgrade`
 * when data must move); the test in schema.test.ts pins the registry's indexes to the latest version so a
 * registry change without a new version fails there.
 */
const { 'sof-signature': sofSignatureStore, ...firstStores } = dexieStores;

export const schemaVersions: readonly SchemaVersion[] = [
  { version: 1, stores: { ...firstStores, ...syncStores } },
  // SOF signatures (signed on the tablet, synced with their project): a new table.
  { version: 2, stores: { 'sof-signature': sofSignatureStore } },
];

export type OutboxOp = 'create' | 'update' | 'delete';
type OutboxState = 'pending' | 'sending' | 'needs_attention';

/** One local change waiting for the server: the push protocol's mutation plus what the device tracks. */
export interface OutboxEntry {
  mutation_id: string;
  /** Per-device, only grows (meta `next_seq`); gaps where entries were discarded. */
  seq: number;
  resource: ResourceName;
  op: OutboxOp;
  record_id: string;
  /** Create: the record's fields; update: only the changed fields; delete: null. */
  data: Record<string, unknown> | null;
  /** The record's version the change was made on (null for a create). */
  base_version: number | null;
  occurred_at: string;
  state: OutboxState;
  attempts: number;
  /**
   * Sent, and no answer for it stored since (the answer was lost, or the tab closed before it came): the
   * server may have applied it. A discard of what it depends on keeps it (store/attention.ts).
   */
  unanswered?: boolean;
  /** The server's answer when it refused the change. */
  outcome: 'rejected' | 'conflict' | null;
  /** The server's words: field errors of a rejection, or the detail of a conflict. */
  errors: Record<string, string[]> | null;
  detail: string | null;
  /** The conflict's detail as the server keyed it, worded in the user's language (absent before it was). */
  detail_key?: KeyedMessage | null;
  /** The server's row given with a conflict (null when the record was deleted there). */
  server_row: Record<string, unknown> | null;
  /** Mutations this one waits for: earlier changes of the same record, creates of records it refers to. */
  depends_on: string[];
  /** The user who made the change; only they push it (see ../sync/README.md). */
  user_id: string | null;
}

type BlobState = 'pending' | 'uploading' | 'uploaded' | 'failed';

/** A file waiting to upload (or uploaded and kept to show offline). */
export interface BlobEntry {
  id: string;
  parent_resource: ResourceName;
  parent_id: string;
  blob: Blob;
  bytes: number;
  sha256: string;
  name: string;
  description: string | null;
  is_image: boolean;
  zone: string | null;
  state: BlobState;
  attempts: number;
  /** Epoch ms; absent when it may go now. */
  next_attempt_at: number;
  created_at: string;
  /** The device's client id when the file was added (sent as the file's capture device). */
  device?: string | null;
  last_error: string | null;
  /** When, by whom and where a photo was taken (src/sync/files stamps it; older entries lack it). */
  stamp?: FileStamp;
  /** The server's HTTP status of a refused upload (413, 415...), kept with `last_error`. */
  last_status?: number | null;
  /**
   * When the original bytes were dropped after the server confirmed the upload (src/sync/files/evict.ts):
   * `blob` then holds the server's thumbnail of a photo, or nothing (empty) for a document.
   */
  evicted_at?: string | null;
}

export interface FileStamp {
  captured_at: string;
  captured_by: string | null;
  /** Only when the browser allows it and the user agreed; never asked for by the stamp itself. */
  position: { latitude: number; longitude: number; accuracy: number } | null;
}

export interface MetaEntry<T = unknown> {
  key: string;
  value: T;
}

/**
 * A synced row as stored, of a resource known only at run time (an outbox entry's, a pulled change's, the
 * lookup an admin picks): no registry type applies, so its fields are unknown. A resource named in the code,
 * or a type parameter, has `RowOfResource<N>` (what `db.rows(name)` gives).
 */
export type LocalRow = Record<string, unknown> & { id: string; _sync?: SyncMark };

/** A stored row of `resource`, typed from the registry: its sync columns and fields, and the sync mark. */
export type RowOfResource<N extends ResourceName> = ResourceRow<N> & { _sync?: SyncMark };

/** `db.rows(name)`'s rows: a resource's own type when it is named, any row when it is only known to be one. */
export type RowsOf<N extends ResourceName> = [ResourceName] extends [N] ? LocalRow : RowOfResource<N>;

/** Where a record stands: no mark means synced. */
export type SyncMark = 'pending' | 'needs_attention';

/**
 * What the device knows of a record on the server while it has local changes, and for a while after: a
 * pull page fetched before a push was answered must not put the older row back over the pushed one.
 */
export interface ServerCopy {
  key: string;
  resource: ResourceName;
  id: string;
  /** The server's row as last seen; null: not on the server yet (a local create). */
  row: Record<string, unknown> | null;
  /** The newest server version known; a pulled row below it is stale and skipped. */
  version: number | null;
  /** The server deleted the record (a pull or an applied delete said so). */
  deleted: boolean;
}

export const serverKey = (resource: string, id: string) => `${resource}/${id}`;
