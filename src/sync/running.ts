// The signed-in user's sync engine, set by lifecycle.ts at sign-in and sign-out. Whoever only needs to
// ask for a sync (actions.ts, the import queue in files/imports.ts) reads it here instead of importing the
// lifecycle, which starts the companions that start the import queue: no import goes round in a circle.
import type { SyncEngine } from './engine';

let current: SyncEngine | null = null;

export function setSyncEngine(engine: SyncEngine | null): void {
  current = engine;
}

/** The running engine (the sync panel's "sync now", tests). */
export function getSyncEngine(): SyncEngine | null {
  return current;
}

/** Push and pull now (the panel's "Sync now"); resolves when the round is over. */
export async function syncNow(): Promise<void> {
  await current?.syncNow();
}
