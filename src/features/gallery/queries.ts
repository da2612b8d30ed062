// The gallery's photos: the record's files that are images (on this device and on the server), with who
// took them and when: the stamp kept with a local photo, else the attachment row's created_at/_by.
import type { LocalDb } from '../../store/db';
import type { BlobEntry, RowOfResource } from '../../store/schema';
import type { FileItem, FileParent } from '../../sync/files';
import { filesOfParent } from '../../sync/files';
import { namesOf } from '../../ui/lookups';

/** Where a photo comes from (issue 21, evidence): the device's account beside the server's. */
interface Provenance {
  /** The server's time when it arrived; null while it is only on this device. */
  arrived_at: string | null;
  device: string | null;
  position: { latitude: string; longitude: string; accuracy: string | null } | null;
  /** SHA-256 of the bytes at capture. */
  sha256: string | null;
  /** The server found other bytes than those captured; null while it is not on the server (or unknown). */
  altered: boolean | null;
}

export interface Photo extends FileItem {
  captured_at: string;
  /** The name of who took or uploaded it; '' when unknown. */
  captured_by: string;
  provenance: Provenance;
}

function provenanceOf(
  entry: BlobEntry | undefined,
  row: RowOfResource<'attachment'> | undefined,
): Provenance {
  const latitude = row?.capture_latitude ?? '';
  const longitude = row?.capture_longitude ?? '';
  const stamped = entry?.stamp?.position;
  return {
    arrived_at: row?.created_at || null,
    device: row?.capture_device || entry?.device || null,
    position:
      latitude && longitude
        ? { latitude, longitude, accuracy: row?.capture_accuracy || null }
        : stamped
          ? {
              latitude: stamped.latitude.toFixed(6),
              longitude: stamped.longitude.toFixed(6),
              accuracy: stamped.accuracy.toFixed(1),
            }
          : null,
    sha256: row?.capture_sha256 || entry?.sha256 || null,
    altered: row?.capture_sha256 ? row.altered === true : null,
  };
}

/** `userId`: the device's signed-in user, who took the photos still on this device without a name stamped. */
export async function galleryPhotos(
  db: LocalDb,
  parent: FileParent,
  zone: string | null,
  userId: string | null = null,
): Promise<Photo[]> {
  const photos = (await filesOfParent(db, parent)).filter(
    (item) => item.is_image && (zone === null || (item.zone ?? 'uncategorized') === zone),
  );
  const ids = photos.map((item) => item.id);
  const [local, remote] = await Promise.all([db.blobs.bulkGet(ids), db.rows('attachment').bulkGet(ids)]);
  const users = await namesOf(db, 'users', [userId, ...remote.map((row) => row?.created_by)]);
  const me = (userId && users.get(userId)) || '';
  // Newest first: the photo just taken is the first one seen.
  return photos
    .map((item, index) => {
      const stamp = local[index]?.stamp;
      const row = remote[index];
      return {
        ...item,
        captured_at: stamp?.captured_at || row?.captured_at || row?.created_at || item.created_at,
        captured_by: stamp?.captured_by || users.get(row?.created_by ?? '') || (local[index] ? me : ''),
        provenance: provenanceOf(local[index], row),
      };
    })
    .reverse();
}
