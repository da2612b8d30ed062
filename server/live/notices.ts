// The live notices of one server process: each notice of a committed write (changes.ts) goes to the
// streams of the devices that hold that scope. A notice is a hint, never data: a lost one costs
// only the time until the device's next timed pull.
import type { Database } from '../db/database.js';
import { encodeCursor } from '../sync/cursor.js';
import { PURGED_NOTICE } from '../sync/quiet-memory.js';
import type { ChangeFeed } from './changes.js';

/** 'global' or 'project:<id>', and the pull cursor that reaches the change. */
interface Notice {
  scope: string;
  seq: number;
  cursor: string;
}

interface Subscriber {
  scopes: ReadonlySet<string>;
  /** One scope changed. */
  changed(notice: Notice): void;
  /** Notices may have been missed (the listening connection dropped): pull every scope. */
  resync(): void;
}

export interface LiveNotices {
  subscribe(subscriber: Subscriber): () => void;
  /** Devices listening now (metrics, tests). */
  readonly listeners: number;
  close(): Promise<void>;
}

const PAYLOAD = /^(global|project:[0-9a-f-]{36}) (\d+)$/;

export async function startLiveNotices(database: Database, changes: ChangeFeed): Promise<LiveNotices> {
  const subscribers = new Set<Subscriber>();
  // Notices of one commit arrive together (an import sends one per statement): within a turn of the
  // event loop each scope goes out once, with its highest seq.
  const pending = new Map<string, number>();
  let flushing = false;
  let purged = await purgeMark(database);
  // The purge mark is read again after a purge and after a reconnection; notices that come meanwhile
  // wait for it, so their cursors carry the mark a pull would.
  let reading: Promise<void> = Promise.resolve();
  const readPurgeMark = () => {
    reading = purgeMark(database).then((mark) => {
      purged = Math.max(purged, mark);
    });
  };

  const flush = () => {
    flushing = false;
    const batch = [...pending];
    pending.clear();
    for (const [scope, seq] of batch) {
      const notice = { scope, seq, cursor: encodeCursor({ seq, purged }) };
      for (const subscriber of subscribers) if (subscriber.scopes.has(scope)) subscriber.changed(notice);
    }
  };

  const unfollow = changes.follow({
    notice(payload) {
      if (payload === PURGED_NOTICE) return readPurgeMark();
      const match = PAYLOAD.exec(payload);
      if (!match?.[1]) return;
      const seq = Number(match[2]);
      pending.set(match[1], Math.max(seq, pending.get(match[1]) ?? 0));
      if (!flushing) {
        flushing = true;
        setImmediate(() => void reading.then(flush));
      }
    },
    reconnected() {
      readPurgeMark();
      for (const subscriber of subscribers) subscriber.resync();
    },
  });

  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    get listeners() {
      return subscribers.size;
    },
    async close() {
      subscribers.clear();
      unfollow();
    },
  };
}

/** The purge mark the cursors carry (see ../sync/cursor.ts); read at start, after a purge and a reconnection. */
async function purgeMark(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', 'purged_through_seq')
    .executeTakeFirst()
    .catch(() => undefined);
  return row ? Number(row.value) : 0;
}
