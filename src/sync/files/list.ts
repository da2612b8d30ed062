// A record's files as the gallery and documents screens list them: the files on this device (waiting,
// uploading, refused or uploaded and kept) and the attachments the server has (pulled), one entry per id.
import type { LocalDb } from '../../store/db';
import type { BlobEntry } from '../../store/schema';
import type { FileParent } from './add';

type FileState = 'pending' | 'uploading' | 'needs_attention' | 'synced';

export interface FileItem {
  id: string;
  name: string;
  description: string | null;
  zone: string | null;
  is_image: boolean;
  bytes: number;
  state: FileState;
  /** Waiting for its record to reach the server first. */
  waiting_for_parent: boolean;
  /** The server's words when it refused the file; the last failure while retrying. */
  error: string | null;
  /**
   * The HTTP status of the last failed try: the refusal's (413 too large...) or, while it waits to go
   * again, the server's (503...); null when the server could not be reached or nothing failed.
   */
  last_status: number | null;
  /** The bytes on this device (show with useObjectUrl); null when only the server has them. */
  blob: Blob | null;
  /** False when `blob` is only the thumbnail kept after the upload (./evict.ts): the original is on the server. */
  original_on_device: boolean;
  created_at: string;
}

const stateOf = (entry: BlobEntry): FileState =>
  entry.state === 'failed'
    ? 'needs_attention'
    : entry.state === 'uploaded'
      ? 'synced'
      : entry.state === 'uploading'
        ? 'uploading'
        : 'pending';

export async function filesOfParent(db: LocalDb, parent: FileParent): Promise<FileItem[]> {
  const [local, remote, outbox] = await Promise.all([
    db.blobs.where('[parent_resource+parent_id]').equals([parent.resource, parent.id]).toArray(),
    db.rows('attachment').where('[parent_resource+parent_id]').equals([parent.resource, parent.id]).toArray(),
    db.outbox.where('[resource+record_id]').equals([parent.resource, parent.id]).toArray(),
  ]);
  const parentWaiting = outbox.some((entry) => entry.op === 'create');
  const items = new Map<string, FileItem>();
  for (const row of remote) {
    items.set(row.id, {
      id: row.id,
      name: row.name,
      description: row.description ?? null,
      zone: row.zone ?? null,
      is_image: row.is_image,
      bytes: row.size,
      state: 'synced',
      waiting_for_parent: false,
      error: null,
      last_status: null,
      blob: null,
      original_on_device: false,
      created_at: row.created_at,
    });
  }
  for (const entry of local) {
    const state = stateOf(entry);
    items.set(entry.id, {
      id: entry.id,
      name: entry.name,
      description: entry.description,
      zone: entry.zone,
      is_image: entry.is_image,
      bytes: entry.bytes,
      state,
      waiting_for_parent: state === 'pending' && parentWaiting,
      error: entry.last_error,
      last_status: entry.last_status ?? null,
      // An evicted document keeps no bytes; an evicted photo keeps its thumbnail.
      blob: entry.evicted_at && !entry.is_image ? null : entry.blob,
      original_on_device: !entry.evicted_at,
      created_at: entry.created_at,
    });
  }
  return [...items.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
}
