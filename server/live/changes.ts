// The notices of committed writes, on the channel the sync_notify trigger sends to (and the purge,
// ../sync/retention.ts): this process LISTENs to it once and hands each notice to every part that follows
// them, the live streams (notices.ts) and, on the embedded database, the quiet pulls' memory
// (../sync/quiet-memory.ts). PostgreSQL delivers every process's commits to every process; PGlite its own.
import type { Database } from '../db/database.js';
import type { Listener } from '../db/listen.js';

export const CHANGES_CHANNEL = 'kt_changes';

export interface ChangeFeed {
  /** Hands `listener` each notice, and each reconnection after a drop, until the returned function is called. */
  follow(listener: Listener): () => void;
  close(): Promise<void>;
}

export async function listenChanges(database: Database): Promise<ChangeFeed> {
  const listeners = new Set<Listener>();
  const listening = await database.listen(CHANGES_CHANNEL, {
    notice(payload) {
      for (const listener of [...listeners]) listener.notice(payload);
    },
    reconnected() {
      for (const listener of [...listeners]) listener.reconnected();
    },
  });
  return {
    follow(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await listening.close();
    },
  };
}
