// Stored bytes checked against the SHA-256 recorded when they arrived (issue 21: evidence that holds
// up). A file whose bytes changed at rest is never passed on silently: a claim bundle flags it, and a
// download stops before its last bytes, so the client sees a failed download, not a wrong file.
import { createHash } from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { say } from '../i18n/message.js';
import type { FileStore } from './store.js';

/** The SHA-256 (hex) and size of what is under `key`, read as a stream; null when there is nothing. */
export async function hashStored(
  store: FileStore,
  key: string,
): Promise<{ sha256: string; size: number } | null> {
  const source = await store.read(key);
  if (!source) return null;
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(source, async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.length;
    }
  });
  return { sha256: hash.digest('hex'), size };
}

class StoredBytesChanged extends Error {
  constructor(
    readonly key: string,
    readonly found: string,
  ) {
    super(String(say('files.stored_changed', { key, found })));
  }
}

/**
 * Passes `source` on while hashing it, holding back its last byte until the hash is known: when the
 * bytes are not those recorded (`sha256`; or more than `size`, the length a reader was promised), the
 * stream fails instead of ending, so what was sent is short of the whole and no reader takes it for
 * the file.
 */
export function checkedBytes(source: Readable, key: string, sha256: string, size?: number): Readable {
  const hash = createHash('sha256');
  let held: Buffer | null = null;
  let total = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      hash.update(chunk);
      total += chunk.length;
      if (size !== undefined && total > size) return done(new StoredBytesChanged(key, 'longer'));
      if (chunk.length === 0) return done();
      if (held) this.push(held);
      held = chunk.subarray(chunk.length - 1);
      done(null, chunk.subarray(0, chunk.length - 1));
    },
    flush(done: TransformCallback) {
      const found = hash.digest('hex');
      if (found !== sha256.toLowerCase()) done(new StoredBytesChanged(key, found));
      else done(null, held ?? undefined);
    },
  });
  source.on('error', (error) => check.destroy(error));
  return source.pipe(check);
}
