// Adding files to a record: photos are stamped and compressed, documents kept as they are; every file
// gets its own id (also the server attachment's id) and its queue state, all written in one transaction.
import { uuidv7 } from '../../domain/ids';
import type { ResourceName } from '../../domain/registry';
import { getActiveStore } from '../../store/active';
import type { LocalDb } from '../../store/db';
import { getDevice } from '../../store/meta';
import type { BlobEntry, FileStamp } from '../../store/schema';
import { sha256Hex } from '../../store/sha256';
import { grantedPosition, preparePhoto } from './compress';
import { currentStampUser } from './stamp';

export interface FileParent {
  resource: ResourceName;
  id: string;
}

export interface AddFilesOptions {
  description?: string | null;
  /** Gallery zone of photos. */
  zone?: string | null;
  /** Photos (compressed, shown in the gallery) or documents (kept as they are). Default: from the type. */
  isImage?: boolean;
  /** The name stamped on photos; default the signed-in user's (see setStampUser). */
  capturedBy?: string | null;
  /** The position for the stamp; default the browser's, only if the user already allowed it. */
  position?: FileStamp['position'];
}

async function entryFor(
  parent: FileParent,
  file: File,
  options: AddFilesOptions,
  stamp: FileStamp,
  device: string | null,
): Promise<BlobEntry> {
  const isImage = options.isImage ?? file.type.startsWith('image/');
  // A photo the browser cannot decode (HEIC on a desktop, a broken file) is kept as it came: the server
  // answers with its words, and the user sees them in "Needs attention".
  const prepared = isImage
    ? await preparePhoto(file, stamp).catch(() => ({ blob: file as Blob, name: file.name }))
    : { blob: file as Blob, name: file.name };
  return {
    id: uuidv7(),
    parent_resource: parent.resource,
    parent_id: parent.id,
    blob: prepared.blob,
    bytes: prepared.blob.size,
    sha256: await sha256Hex(prepared.blob),
    name: prepared.name,
    description: options.description?.trim() || null,
    is_image: isImage,
    zone: options.zone ?? null,
    state: 'pending',
    attempts: 0,
    next_attempt_at: 0,
    created_at: new Date().toISOString(),
    device,
    last_error: null,
    last_status: null,
    ...(isImage ? { stamp } : {}),
  };
}

/** Prepares and stores files of one record in `db`; the uploader sends them once the parent is on the server. */
export async function addFilesTo(
  db: LocalDb,
  parent: FileParent,
  files: readonly File[],
  options: AddFilesOptions = {},
): Promise<BlobEntry[]> {
  const stamp: FileStamp = {
    captured_at: new Date().toISOString(),
    captured_by: options.capturedBy === undefined ? currentStampUser() : options.capturedBy,
    position: options.position === undefined ? await grantedPosition() : options.position,
  };
  const device = await getDevice(db).then(
    (info) => info.client_id,
    () => null,
  );
  // One at a time: each photo holds a decoded bitmap while it is compressed; a tablet has little memory.
  const entries: BlobEntry[] = [];
  for (const file of files) entries.push(await entryFor(parent, file, options, stamp, device));
  await db.transaction('rw', db.blobs, () => db.blobs.bulkAdd(entries));
  return entries;
}

/** addFilesTo the signed-in user's store (what the gallery and documents screens call). */
export function addFiles(
  parent: FileParent,
  files: readonly File[],
  options: AddFilesOptions = {},
): Promise<BlobEntry[]> {
  const store = getActiveStore();
  if (!store) return Promise.reject(new Error('The local store is not open (nobody is signed in).'));
  return addFilesTo(store.db, parent, files, options);
}
