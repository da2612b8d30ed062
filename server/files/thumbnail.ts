// Thumbnails for the gallery grid, made once on upload: at most 320 px a side, WebP, turned upright
// by the photo's EXIF orientation. sharp's pixel limit refuses decompression bombs.
// sharp is loaded on first use: a server that never receives a photo does not carry libvips.

const THUMBNAIL_SIZE = 320;
/** Most pixels a photo may have (a 12-megapixel tablet photo or a 2732 x 2048 screenshot are far below). */
export const MAX_PIXELS = 100_000_000;

/** Why a thumbnail was not made: more pixels than MAX_PIXELS, or bytes that are not a readable image. */
export type ThumbnailFailure = 'too-large' | 'unreadable';

/** Writes the thumbnail of `source` to `target`; what went wrong when the image cannot be read. */
export async function makeThumbnail(source: string, target: string): Promise<true | ThumbnailFailure> {
  try {
    const { default: sharp } = await import('sharp');
    await sharp(source, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toFile(target);
    return true;
  } catch (error) {
    // A full disk is the server's trouble, not the photo's: 507 and the device retries (sharp reports
    // it in words only), never "could not be read", which a device takes as a refusal.
    if (/No space left on device|Disk quota exceeded/i.test(String(error)))
      throw Object.assign(new Error('No space left for the thumbnail'), { code: 'ENOSPC' });
    return /pixel limit/i.test(String(error)) ? 'too-large' : 'unreadable';
  }
}
