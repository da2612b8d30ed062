// Hooks for the gallery and documents screens: a record's files with their state, and URLs to show them.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useLocalDb } from '../../store/hooks';
import type { FileParent } from './add';
import { type FileItem, filesOfParent } from './list';

/** The files of a record, local and on the server, with their state; undefined while loading. */
export function useFiles(parent: FileParent | null | undefined): FileItem[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    () => (db && parent ? filesOfParent(db, parent) : Promise.resolve([])),
    [db, parent?.resource, parent?.id],
  );
}

/** An object URL for a Blob on this device, revoked when the Blob changes or the screen goes. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * A URL to show a file: from the device when it is here, else the server's thumbnail (photos) or file,
 * fetched with the session's token (an <img> cannot send it) while online. When the device keeps only a
 * photo's thumbnail (its original evicted after upload), the full view fetches the original and shows the
 * thumbnail meanwhile and offline. Null until ready or offline.
 */
export function useFileUrl(item: FileItem | null | undefined, thumbnail = true): string | null {
  const local = useObjectUrl(item?.blob);
  const [remote, setRemote] = useState<Blob | null>(null);
  const remoteUrl = useObjectUrl(remote);
  const wantsRemote = item && (!item.blob || (!thumbnail && !item.original_on_device));
  const id = wantsRemote ? item.id : null;
  const kind = item?.is_image && thumbnail ? 'thumbnail' : 'download';
  useEffect(() => {
    setRemote(null);
    if (!id) return;
    const abort = new AbortController();
    api
      .get(`attachments/${id}/${kind}/`, { signal: abort.signal })
      .blob()
      .then(setRemote, () => setRemote(null));
    return () => abort.abort();
  }, [id, kind]);
  return remoteUrl ?? local;
}
