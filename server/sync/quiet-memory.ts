// On the embedded database a pull with nothing new is answered without a statement. PGlite is one
// process's database, and a notice of a write reaches this thread before the write's own COMMIT is
// answered (the worker posts them in that order, pglite-thread.ts), so what this process learned from its
// reads and from the notices since is exactly what a statement would read now. On PostgreSQL other
// processes write too and their notices come later: every pull reads the database (quiet-pull.ts).
import type { DeviceState } from '../../src/domain/sync-wire.js';
import type { Database } from '../db/database.js';
import type { ChangeFeed } from '../live/changes.js';
import { type Cursor, encodeCursor } from './cursor.js';
import { CONTACT_PRECISION_MS } from './device.js';
import type { PullAnswer } from './pull.js';

/** Sent by the purge (retention.ts) on the live notices' channel: tombstones and projects may be gone. */
export const PURGED_NOTICE = 'purged';
/** Devices and scopes remembered at most; past it the memory starts again (from the database). */
const MOST = 10_000;

/** What the pull's statement read (quiet-pull.ts). */
interface QuietRead {
  owner: string | null;
  purged: number;
  mark: number;
  found: boolean;
  /** The memory's `cleared` count taken before the statement: a read older than a clearing is not kept. */
  cleared: number;
}

export interface QuietMemory {
  /** Nothing new and the device's row current, from memory alone; undefined when it cannot tell. */
  answer(userId: string, state: DeviceState, scope: string, from: Cursor): PullAnswer | undefined;
  /**
   * What a statement read at the start of a pull, and, when the device's row holds its report, since when
   * (its last pull, ms) and the `writes` count taken before the statement or the write that made it so (a
   * write elsewhere meanwhile leaves the device unknown).
   */
  learn(
    scope: string,
    read: QuietRead,
    userId: string,
    state: DeviceState,
    device?: { writes: number; pulledAt: number },
  ): void;
  /** Device rows written elsewhere so far. */
  readonly writes: number;
  /** Times the memory was cleared (a purge, a reconnection, the size limit). */
  readonly cleared: number;
  /** The device's row is being written elsewhere (a push, a pull of changes): called before and after. */
  forgetDevice(clientId: string): void;
  /** Stops following the notices. */
  close(): void;
}

const reportOf = (state: DeviceState) =>
  JSON.stringify([
    state.device_name ?? '',
    state.app_version ?? null,
    state.pending ?? 0,
    state.needs_attention ?? 0,
    state.files_pending ?? 0,
    state.oldest_pending_at ?? null,
  ]);

/** A memory for the embedded database, following its notices (`changes`); on PostgreSQL none (undefined). */
export function quietMemory(database: Database, changes: ChangeFeed): QuietMemory | undefined {
  if (database.engine !== 'pglite') return undefined;
  const marks = new Map<string, number>();
  const projects = new Set<string>();
  const devices = new Map<string, { owner: string; report: string; pulledAt: number }>();
  let purged: number | undefined;
  let writes = 0;
  let cleared = 0;
  const forgetAll = () => {
    cleared += 1;
    marks.clear();
    projects.clear();
    devices.clear();
    purged = undefined;
  };
  const unfollow = changes.follow({
    notice(payload) {
      const space = payload.lastIndexOf(' ');
      const scope = payload.slice(0, space);
      const seq = Number(payload.slice(space + 1));
      if (space < 0 || !Number.isSafeInteger(seq)) return forgetAll();
      // Seqs grow in commit order (0005_sync.sql): the latest write's seq is its scope's mark.
      marks.set(scope, Math.max(marks.get(scope) ?? 0, seq));
    },
    reconnected: forgetAll,
  });
  return {
    answer(userId, state, scope, from) {
      const mark = marks.get(scope);
      const device = devices.get(state.client_id);
      if (mark === undefined || purged === undefined || device === undefined) return undefined;
      if (scope !== 'global' && !projects.has(scope)) return undefined;
      if (from.purged === null || mark > from.seq || (purged > from.purged && from.seq < purged))
        return undefined;
      if (device.owner !== userId || device.report !== reportOf(state)) return undefined;
      if (Date.now() - device.pulledAt >= CONTACT_PRECISION_MS) return undefined;
      return {
        cursor: encodeCursor({ seq: Math.max(from.seq, purged), purged }),
        has_more: false,
      };
    },
    learn(scope, read, userId, state, device) {
      // Read before a purge or a reconnection cleared the memory: it may be older than what was cleared
      // (a notice's higher mark, the purge's projects), so it is not learned.
      if (read.cleared !== cleared) return;
      if (marks.size >= MOST || devices.size >= MOST) forgetAll();
      marks.set(scope, Math.max(marks.get(scope) ?? 0, read.mark));
      purged = Math.max(purged ?? 0, read.purged);
      if (read.found && scope !== 'global') projects.add(scope);
      if (device?.writes === writes)
        devices.set(state.client_id, { owner: userId, report: reportOf(state), pulledAt: device.pulledAt });
    },
    get writes() {
      return writes;
    },
    get cleared() {
      return cleared;
    },
    forgetDevice(clientId) {
      writes += 1;
      devices.delete(clientId);
    },
    close: unfollow,
  };
}
