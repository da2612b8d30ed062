import { buffer } from 'node:stream/consumers';
import type { FileStore } from './store.js';

/** The whole of what is under `key` (a photo to draw), or null when the store has nothing there. */
export async function readWhole(store: FileStore, key: string): Promise<Buffer | null> {
  const stream = await store.read(key);
  return stream ? buffer(stream) : null;
}
