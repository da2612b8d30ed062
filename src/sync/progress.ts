// Whether a sync round moved any work before it failed: the engine starts its backoff over when it did
// (see the engine's cycle). Read from what the round leaves in the local store, so a pull run in the
// worker counts as well as one run in the tab.
import type { LocalDb } from '../store/db';
import { type CursorState, getSyncTimes } from '../store/meta';

/** What a round leaves when it moves work: the last stored push answer's time, each scope's cursor. */
export interface ProgressMark {
  lastPushAt: string | null;
  cursors: Map<string, string | null>;
}

export async function progressMark(db: LocalDb): Promise<ProgressMark | null> {
  try {
    const [times, cursors] = await Promise.all([
      getSyncTimes(db),
      db.meta.where('key').startsWith('cursor:').toArray(),
    ]);
    return {
      lastPushAt: times.last_push_at,
      cursors: new Map(cursors.map((entry) => [entry.key, (entry.value as CursorState).cursor])),
    };
  } catch {
    return null;
  }
}

/** A push answer stored, or a scope's cursor moved on to a new page (a reset back to none is no progress). */
export function madeProgress(before: ProgressMark, after: ProgressMark | null): boolean {
  if (!after) return false;
  if (after.lastPushAt !== before.lastPushAt) return true;
  for (const [key, cursor] of after.cursors)
    if (cursor !== null && cursor !== before.cursors.get(key)) return true;
  return false;
}
