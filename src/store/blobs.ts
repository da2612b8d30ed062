// Files kept on the device (photos, documents): each with its own id and queue entry, shown from the
// local Blob at once, uploaded after its parent exists on the server. The uploader reads this table.
import { uuidv7 } from '../domain/ids';
import type { ResourceName } from '../domain/registry';
import type { LocalDb } from './db';
import type { BlobEntry } from './schema';
import { sha256Hex } from './sha256';

export interface NewFile {
  parent_resource: ResourceName;
  parent_id: string;
  blob: Blob;
  name: string;
  description?: string | null;
  /** Where on the record it belongs (a container report's zone, say). */
  zone?: string | null;
}

/**
 * Keeps a file on the device and queues its upload; returns its entry (its id is also the server
 * attachment's). Screens use src/sync/files `addFiles` (compression, stamp); this is the bare primitive.
 */
export async function queueFile(db: LocalDb, file: NewFile): Promise<BlobEntry> {
  const entry: BlobEntry = {
    id: uuidv7(),
    parent_resource: file.parent_resource,
    parent_id: file.parent_id,
    blob: file.blob,
    bytes: file.blob.size,
    sha256: await sha256Hex(file.blob),
    name: file.name,
    description: file.description ?? null,
    is_image: file.blob.type.startsWith('image/'),
    zone: file.zone ?? null,
    state: 'pending',
    attempts: 0,
    next_attempt_at: 0,
    created_at: new Date().toISOString(),
    last_error: null,
  };
  await db.blobs.add(entry);
  return entry;
}

/** Removes a file from the device (the user's choice: a failed upload stops retrying only this way). */
export async function removeFile(db: LocalDb, id: string): Promise<void> {
  await db.blobs.delete(id);
}

/** Puts a failed file back in the queue at once. */
export async function retryFile(db: LocalDb, id: string): Promise<void> {
  await db.blobs.update(id, { state: 'pending', next_attempt_at: 0, last_error: null, last_status: null });
}
