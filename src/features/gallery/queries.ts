// The gallery's photos: the record's files that are images (on this device and on the server), with who
// took them and when: the stamp kept with a local photo, else the attachment row's created_at/_by.
import type { LocalDb } from '../../store/db';
import type { FileItem, FileParent } from '../../sync/files';
import { filesOfParent } from '../../sync/files';
import { namesOf } from '../../ui/lookups';

export interface Photo extends FileItem {
  captured_at: string;
  /** The name of who took or uploaded it; '' when unknown. */
  captured_by: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

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
        captured_at: stamp?.captured_at || text(row?.created_at) || item.created_at,
        captured_by: stamp?.captured_by || users.get(text(row?.created_by)) || (local[index] ? me : ''),
      };
    })
    .reverse();
}
