// The local numbers the status bar, the logout check and the device report show.
import type { LocalDb } from './db';
import { getSyncTimes } from './meta';

export interface LocalCounts {
  /** Changes waiting to be sent (not counting those that need attention). */
  pending: number;
  needs_attention: number;
  /** The oldest change not yet on the server, ISO; null when none. */
  oldest_pending_at: string | null;
  /** Files not yet on the server: waiting, uploading, or refused. */
  files_pending: number;
  files_pending_bytes: number;
  /** Of those, the files the server refused (413, a type it does not take): they wait for the user. */
  files_refused: number;
  files_refused_bytes: number;
  last_push_at: string | null;
  last_pull_at: string | null;
}

export async function localCounts(db: LocalDb): Promise<LocalCounts> {
  const [total, attention, oldest, files, times] = await Promise.all([
    db.outbox.count(),
    db.outbox.where('state').equals('needs_attention').count(),
    db.outbox.orderBy('seq').first(),
    db.blobs.where('state').anyOf('pending', 'uploading', 'failed').toArray(),
    getSyncTimes(db),
  ]);
  const refused = files.filter((file) => file.state === 'failed');
  return {
    pending: total - attention,
    needs_attention: attention,
    oldest_pending_at: oldest?.occurred_at ?? null,
    files_pending: files.length,
    files_pending_bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    files_refused: refused.length,
    files_refused_bytes: refused.reduce((sum, file) => sum + file.bytes, 0),
    last_push_at: times.last_push_at,
    last_pull_at: times.last_pull_at,
  };
}

/** Everything not yet on the server: queued changes and files (what logout warns about). */
export async function unsentCount(db: LocalDb): Promise<number> {
  const counts = await localCounts(db);
  return counts.pending + counts.needs_attention + counts.files_pending;
}
