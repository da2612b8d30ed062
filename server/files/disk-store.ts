// Files on local disk: DATA_DIR/files/<key>. A file is written aside and renamed into place, so it is
// either whole at its path or not there. With the in-memory database (tests) the files go to a
// temporary folder removed when the store closes.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, type FileStore, type StoredObject } from './file-store.js';
import { discard, openScratch } from './scratch.js';

/** The scratch folder inside the files' folder (the same file system, so rename is atomic); never listed. */
const SCRATCH = 'tmp';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export async function openDiskStore(dataDir: string): Promise<FileStore> {
  const temporary = dataDir === 'memory';
  const root = temporary ? await mkdtemp(join(tmpdir(), 'karbontrack-files-')) : resolve(dataDir, 'files');
  const scratch = await openScratch(join(root, SCRATCH), { clean: !temporary });
  const pathOf = (key: string) => join(root, checkKey(key));
  let closed = false;

  async function place(temp: string, key: string) {
    const target = pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(temp, target);
  }

  async function* walk(folder: string, prefix: string): AsyncGenerator<StoredObject> {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => {
      if (missing(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        if (key !== SCRATCH) yield* walk(join(folder, entry.name), `${key}/`);
      } else if (entry.isFile()) {
        const info = await stat(join(folder, entry.name)).catch(() => null);
        if (info) yield { key, size: info.size };
      }
    }
  }

  return {
    kind: 'disk',
    location: root,
    scratch,
    putFile: (key, path) => place(path, key),
    async write(key, body) {
      const temp = scratch.tempPath();
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
        await place(temp, key);
      } finally {
        await discard(temp);
      }
    },
    async read(key) {
      try {
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream() as Readable;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      const info = await stat(pathOf(key)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      return info?.isFile() ? info.size : null;
    },
    async remove(keys) {
      for (const key of keys)
        await unlink(pathOf(key)).catch((error: unknown) => {
          if (!missing(error)) throw error;
        });
    },
    list: (prefix = '') => {
      const folder = prefix.replace(/\/+$/, '');
      return walk(folder ? pathOf(folder) : root, folder ? `${folder}/` : '');
    },
    async close() {
      if (closed) return;
      closed = true;
      if (temporary) await rm(root, { recursive: true, force: true });
    },
  };
}
