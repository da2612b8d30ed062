// Where attachments' files and thumbnails live: one interface, two stores. Local disk under
// DATA_DIR/files is the default; an S3-compatible bucket when STORAGE_URL or S3_* is set (see README).
// Keys are relative paths, the same in both: `<last 2 chars of id>/<id>` and `<...>/<id>.thumb.webp`,
// so a backup or a move copies keys from one store to the other as they are.
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { openDiskStore } from './disk-store.js';
import { openS3Store } from './s3-store.js';
import type { Scratch } from './scratch.js';

export { discard, type Received, TooLarge } from './scratch.js';

export interface StoredObject {
  key: string;
  size: number;
}

export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Where the files are, for people: a folder, or s3://bucket/prefix. */
  readonly location: string;
  /** Local space for uploads being received and checked, before they are stored. */
  readonly scratch: Scratch;
  /** Stores a scratch file under `key` (moved on disk, streamed to the bucket); the caller discards `path`. */
  putFile(key: string, path: string, contentType?: string): Promise<void>;
  /** Stores a stream under `key`, replacing what was there; readers never see half of it. */
  write(key: string, body: Readable, contentType?: string): Promise<void>;
  /** The bytes under `key`, streamed; null when there are none. */
  read(key: string): Promise<Readable | null>;
  /** The size in bytes of what is under `key`; null when there is nothing. */
  size(key: string): Promise<number | null>;
  /** Removes these keys (missing ones are fine). */
  remove(keys: readonly string[]): Promise<void>;
  /** Every stored key in the folder `prefix` ('ab' or 'ab/'; all when omitted), in no particular order. */
  list(prefix?: string): AsyncIterable<StoredObject>;
  close(): Promise<void>;
}

const ID = /^[0-9a-f-]{36}$/;
const folderOf = (id: string) => {
  if (!ID.test(id)) throw new Error(`not an attachment id: ${id}`);
  return id.slice(-2);
};
/** The key of an attachment's file. */
export const fileKey = (id: string) => `${folderOf(id)}/${id}`;
/** The key of a photo's thumbnail. */
export const thumbnailKey = (id: string) => `${folderOf(id)}/${id}.thumb.webp`;

const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
/** Keys are plain relative paths: never absolute, never climbing out with "..". */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..'))
    throw new Error(`not a file store key: ${key}`);
  return key;
}

/** The store the configuration names (one per call: see fileStoreFor). */
export function openFileStore(config: Pick<Config, 'dataDir' | 'storage'>): Promise<FileStore> {
  return config.storage.kind === 's3'
    ? openS3Store(config.storage, config.dataDir)
    : openDiskStore(config.dataDir);
}

const stores = new WeakMap<Config, Promise<FileStore>>();

/** One store per server (route modules share it); closed with the app by the first module that asks. */
export function fileStoreFor(config: Config): Promise<FileStore> {
  let store = stores.get(config);
  if (!store) {
    store = openFileStore(config);
    stores.set(config, store);
  }
  return store;
}
