// Scratch files: an upload is streamed to a local temporary file first, hashed on the way, so its type
// can be checked and its thumbnail made before it is stored (on disk or in the bucket). Nothing in
// scratch outlives its request; leftovers of a crash are removed at the next start.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface Received {
  path: string;
  size: number;
  sha256: string;
}

export class TooLarge extends Error {}

export interface Scratch {
  /** The folder (tests look into it: nothing may be left there after a request). */
  readonly folder: string;
  /** A fresh path in the scratch folder. */
  tempPath(suffix?: string): string;
  /** Streams `source` to a scratch file, hashing as it goes; TooLarge past maxBytes (the file is removed). */
  receive(source: Readable, maxBytes: number): Promise<Received>;
}

export async function discard(path: string | undefined) {
  if (path) await unlink(path).catch(() => {});
}

/** Older than this, a scratch file is a crash's leftover (other processes may share the folder). */
const LEFTOVER_MS = 24 * 60 * 60 * 1000;

export async function openScratch(folder: string, { clean }: { clean: boolean }): Promise<Scratch> {
  await mkdir(folder, { recursive: true });
  if (clean) {
    const now = Date.now();
    for (const name of await readdir(folder)) {
      const path = join(folder, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > LEFTOVER_MS) await rm(path, { recursive: true, force: true });
    }
  }
  return {
    folder,
    tempPath: (suffix = '') => join(folder, `${randomUUID()}${suffix}`),
    async receive(source, maxBytes) {
      const path = join(folder, randomUUID());
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
  };
}
