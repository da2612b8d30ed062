// Once the server has confirmed a file (its upload answered 201, or the repeat of one), the device need
// not keep the original bytes: a tablet holds hundreds of photos of a call. What the screens need stays:
// a photo keeps the server's 320 px thumbnail, so the gallery grid still shows it offline (the full view
// fetches the original from the server); a document keeps its name and description (its row in the
// list), its download then comes from the server. The entry itself stays, so the file is listed offline
// even where its attachment row does not reach the device (container reports).
// Only entries in state 'uploaded' are touched, re-checked inside the transaction that swaps the bytes:
// a file waiting, uploading or refused keeps its bytes, whatever happens.
import type { LocalDb } from '../../store/db';
import type { BlobEntry } from '../../store/schema';
import type { UploadTarget } from './upload';

export interface EvictSummary {
  evicted: number;
  /** Bytes the device no longer holds. */
  freed: number;
  /** Stopped early: no connection, the server away, or the token refused (tried again next round). */
  interrupted: boolean;
}

type Thumbnail = { kind: 'thumbnail'; blob: Blob } | { kind: 'none' } | { kind: 'later' };

async function fetchThumbnail(entry: BlobEntry, target: UploadTarget): Promise<Thumbnail> {
  const headers: Record<string, string> = {};
  const token = target.token();
  if (token) headers.Authorization = `Token ${token}`;
  const base = (target.baseUrl ?? '').replace(/\/$/, '');
  try {
    const response = await (target.fetch ?? fetch)(`${base}/api/attachments/${entry.id}/thumbnail/`, {
      headers,
      signal: AbortSignal.timeout(target.timeoutMs ?? 30_000),
    });
    if (response.ok && (response.headers.get('content-type') ?? '').startsWith('image/'))
      return { kind: 'thumbnail', blob: await response.blob() };
    // No thumbnail for this file (the server could not make one, or it was deleted): keep the original.
    if (response.status === 404 || response.status === 410) return { kind: 'none' };
    return { kind: 'later' };
  } catch {
    return { kind: 'later' };
  }
}

/** The uploaded files still holding their original bytes. */
function evictable(db: LocalDb): Promise<BlobEntry[]> {
  return db.blobs
    .where('state')
    .equals('uploaded')
    .filter((entry) => !entry.evicted_at)
    .toArray();
}

/** Drops the original bytes of every confirmed upload, keeping a photo's thumbnail; see the top. */
export async function evictUploaded(db: LocalDb, target: UploadTarget): Promise<EvictSummary> {
  const summary: EvictSummary = { evicted: 0, freed: 0, interrupted: false };
  for (const entry of await evictable(db)) {
    let kept: Blob;
    if (entry.is_image) {
      const thumbnail = await fetchThumbnail(entry, target);
      if (thumbnail.kind === 'later') {
        summary.interrupted = true;
        break;
      }
      if (thumbnail.kind === 'none') continue;
      kept = thumbnail.blob;
    } else kept = new Blob([], { type: entry.blob.type });
    const swapped = await db.transaction('rw', db.blobs, async () => {
      const now = await db.blobs.get(entry.id);
      if (now?.state !== 'uploaded' || now.evicted_at) return false;
      await db.blobs.update(entry.id, { blob: kept, evicted_at: new Date().toISOString() });
      return true;
    });
    if (!swapped) continue;
    summary.evicted += 1;
    summary.freed += Math.max(0, entry.blob.size - kept.size);
  }
  return summary;
}
