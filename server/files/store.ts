// Where attachments' files and thumbnails live: one interface, two stores. Local disk under
// DATA_DIR/files is the default; an S3-compatible bucket when STORAGE_URL or S3_* is set (see README).
// Keys are relative paths, the same in both: `<last 2 chars of id>/<id>` and `<...>/<id>.thumb.webp`,
// so a backup or a move copies keys from one store to the other as they are.
import type { Config } from '../config.js';
import { openDiskStore } from './disk-store.js';
import type { FileStore } from './file-store.js';
import { openS3Store } from './s3-store.js';

export { checkKey, type FileStore } from './file-store.js';
export { discard, type Received, TooLarge } from './scratch.js';

const ID = /^[0-9a-f-]{36}$/;
const folderOf = (id: string) => {
  if (!ID.test(id)) throw new Error(`not an attachment id: ${id}`);
  return id.slice(-2);
};
/** The key of an attachment's file. */
export const fileKey = (id: string) => `${folderOf(id)}/${id}`;
/** The key of a photo's thumbnail. */
export const thumbnailKey = (id: string) => `${folderOf(id)}/${id}.thumb.webp`;

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
