import type { Readable } from 'node:stream';
import type { Scratch } from './scratch.js';

// The interface both stores implement (disk-store.ts, s3-store.ts) and the check of their keys, apart from
// store.ts (which opens one of them) so neither store imports the module that imports it.

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

const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
/** Keys are plain relative paths: never absolute, never climbing out with "..". */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..'))
    throw new Error(`not a file store key: ${key}`);
  return key;
}
