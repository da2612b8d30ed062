// Online calls about attachments. The list of a record's files on screen comes from the device (synced
// `attachment` rows and local Blobs, see src/sync/files); these are the calls that need the server:
// downloads, the ZIP of every file, deleting an uploaded file, and the server's own listing.
import type { AttachmentParent } from '../domain/attachment';
import { api } from './client';
import { downloadFile } from './download';

export interface AttachmentParentRef {
  resource: AttachmentParent;
  id: string;
}

interface ServerAttachment {
  id: string;
  name: string;
  description: string | null;
  is_image: boolean;
  zone: string | null;
  size: number;
  content_type: string;
  created_at: string;
}

export interface AttachmentPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: ServerAttachment[];
}

/** GET <resource>/<id>/attachments/: a page of a record's attachments as the server has them. */
export function listAttachments(
  parent: AttachmentParentRef,
  query: { page?: number; is_image?: boolean; zone?: string } = {},
): Promise<AttachmentPage> {
  const searchParams: Record<string, string> = {};
  if (query.page) searchParams.page = String(query.page);
  if (query.is_image !== undefined) searchParams.is_image = String(query.is_image);
  if (query.zone) searchParams.zone = query.zone;
  return api.get(`${parent.resource}/${parent.id}/attachments/`, { searchParams }).json<AttachmentPage>();
}

/** Saves one attachment under its original name; returns the name used. */
export function downloadAttachment(id: string): Promise<string> {
  return downloadFile(`attachments/${id}/download/`);
}

/**
 * Saves the attachments of a record as one ZIP under the name the server suggests: all of them, or only
 * documents (`is_image: false`, the documents section's "download all") or photos.
 */
export function downloadAttachmentsZip(
  parent: AttachmentParentRef,
  filter: { is_image?: boolean } = {},
): Promise<string> {
  const query = filter.is_image === undefined ? '' : `?is_image=${filter.is_image}`;
  return downloadFile(`${parent.resource}/${parent.id}/download_zip/${query}`, { timeout: false });
}

/** DELETE attachments/<id>/ (the server keeps a tombstone that reaches other devices with the pull). */
export async function deleteAttachment(id: string): Promise<void> {
  await api.delete(`attachments/${id}/`, { headers: { 'Idempotency-Key': `delete-${id}` } });
}
