// Records whose attachment rows do not reach the device (container reports belong to no project, and the
// pull reads attachments by project): their files are listed from the server while online and merged with
// the files still on this device.
import { useEffect, useState } from 'react';
import { type AttachmentParentRef, listAttachments } from '../../api/attachments';
import { isOnline } from '../../api/http';
import type { FileItem } from '../../sync/files';

const LISTED_ONLINE: ReadonlySet<string> = new Set(['container-report']);
/** Enough pages for any record's documents; each page is the server's default size. */
const MAX_PAGES = 20;

export function useServerFiles(parent: AttachmentParentRef, refresh: number): FileItem[] {
  const [items, setItems] = useState<FileItem[]>([]);
  const { resource, id } = parent;
  useEffect(() => {
    // Read again after a delete (`refresh` changes).
    void refresh;
    if (!LISTED_ONLINE.has(resource) || !isOnline()) return;
    let stop = false;
    (async () => {
      const found: FileItem[] = [];
      for (let page = 1; page <= MAX_PAGES && !stop; page++) {
        const answer = await listAttachments({ resource, id }, { page });
        for (const row of answer.results)
          found.push({
            id: row.id,
            name: row.name,
            description: row.description,
            zone: row.zone,
            is_image: row.is_image,
            bytes: row.size,
            state: 'synced',
            waiting_for_parent: false,
            error: null,
            last_status: null,
            original_on_device: false,
            blob: null,
            created_at: row.created_at,
          });
        if (!answer.next) break;
      }
      if (!stop) setItems(found);
    })().catch(() => {});
    return () => {
      stop = true;
    };
  }, [resource, id, refresh]);
  return items;
}

/** The device's files first (their state is the truer one), then the server's others. */
export function mergeFiles(local: readonly FileItem[], server: readonly FileItem[]): FileItem[] {
  const seen = new Set(local.map((item) => item.id));
  return [...local, ...server.filter((item) => !seen.has(item.id))];
}
