// The files of attachments on local disk: DATA_DIR/files/<2 chars>/<id> and <id>.thumb.webp beside
// it. Uploads are written to DATA_DIR/files/tmp first and renamed into place, so a file either is
// whole at its path or not there. With the in-memory database (tests) the files go to a temporary
// folder removed when the server closes. With DATABASE_URL the files still live under DATA_DIR.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';

export interface Received {
  path: string;
  size: number;
  sha256: string;
}

export class TooLarge extends Error {}

export interface FileStore {
  readonly root: string;
  /** A fresh path in the temp folder (same file system as the files, so rename is atomic). */
  tempPath(suffix?: string): string;
  fileOf(id: string): string;
  thumbnailOf(id: string): string;
  /** Streams `source` to a temp file, hashing as it goes; TooLarge past maxBytes (the file is removed). */
  receive(source: Readable, maxBytes: number): Promise<Received>;
  /** Moves a temp file to its final place. */
  place(temp: string, target: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  /** Removes the file and thumbnail of an attachment (missing ones are fine). */
  remove(id: string): Promise<void>;
  close(): Promise<void>;
}

const ID = /^[0-9a-f-]{36}$/;

export async function discard(path: string | undefined) {
  if (path) await unlink(path).catch(() => {});
}

export async function openFileStore(config: Pick<Config, 'dataDir'>): Promise<FileStore> {
  const temporary = config.dataDir === 'memory';
  const root = temporary
    ? await mkdtemp(join(tmpdir(), 'karbontrack-files-'))
    : resolve(config.dataDir, 'files');
  const tmp = join(root, 'tmp');
  await mkdir(tmp, { recursive: true });
  // Leftovers of uploads cut short by a crash.
  if (!temporary) await rm(tmp, { recursive: true, force: true }).then(() => mkdir(tmp, { recursive: true }));

  const folderOf = (id: string) => {
    if (!ID.test(id)) throw new Error(`not an attachment id: ${id}`);
    return join(root, id.slice(-2));
  };

  return {
    root,
    tempPath: (suffix = '') => join(tmp, `${randomUUID()}${suffix}`),
    fileOf: (id) => join(folderOf(id), id),
    thumbnailOf: (id) => join(folderOf(id), `${id}.thumb.webp`),

    async receive(source, maxBytes) {
      const path = join(tmp, randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new TooLarge());
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, createWriteStream(path, { flags: 'wx' }));
      } catch (error) {
        await discard(path);
        throw error;
      }
      return { path, size, sha256: hash.digest('hex') };
    },

    async place(temp, target) {
      await mkdir(join(target, '..'), { recursive: true });
      await rename(temp, target);
    },

    exists: (path) =>
      stat(path).then(
        () => true,
        () => false,
      ),

    async remove(id) {
      await discard(join(folderOf(id), id));
      await discard(join(folderOf(id), `${id}.thumb.webp`));
    },

    async close() {
      if (temporary) await rm(root, { recursive: true, force: true });
    },
  };
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
