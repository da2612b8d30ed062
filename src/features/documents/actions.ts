// What a file row's buttons do: download (from the device when the bytes are here, else from the server),
// delete (a file not yet uploaded is dropped from the device; an uploaded one needs the server), and
// download every file of the record as one ZIP (online).
import {
  type AttachmentParentRef,
  deleteAttachment,
  downloadAttachment,
  downloadAttachmentsZip,
} from '../../api/attachments';
import { saveBlob } from '../../api/download';
import { isOnline } from '../../api/http';
import { getActiveDb } from '../../store/active';
import { removeFile } from '../../store/blobs';
import type { FileItem } from '../../sync/files';
import { syncNow } from '../../sync/running';
import { notifyApiError } from '../../ui/notices';

export class OfflineError extends Error {}

export async function downloadItem(item: FileItem): Promise<void> {
  // A photo whose original was evicted after upload keeps only its thumbnail here: the file is the server's.
  if (item.blob && item.original_on_device) {
    saveBlob(item.blob, item.name);
    return;
  }
  if (!isOnline()) throw new OfflineError('offline');
  await downloadAttachment(item.id).catch(async (error: unknown) => {
    await notifyApiError(error);
    throw error;
  });
}

/** Removes a file; resolves once it is gone from this device's list (the tombstone arrives with the pull). */
export async function deleteItem(item: FileItem): Promise<void> {
  const db = getActiveDb();
  const onServer = item.state === 'synced' || item.state === 'uploading';
  if (onServer) {
    if (!isOnline()) throw new OfflineError('offline');
    await deleteAttachment(item.id).catch(async (error: unknown) => {
      await notifyApiError(error);
      throw error;
    });
  }
  if (db) await removeFile(db, item.id);
  if (onServer) void syncNow().catch(() => {});
}

export async function downloadZip(parent: AttachmentParentRef): Promise<string> {
  if (!isOnline()) throw new OfflineError('offline');
  try {
    // The documents the section lists: the gallery's photos have their own screen.
    return await downloadAttachmentsZip(parent, { is_image: false });
  } catch (error) {
    await notifyApiError(error);
    throw error;
  }
}
