// Thumbnails for the gallery grid, made once on upload: at most 320 px a side, WebP, turned upright
// by the photo's EXIF orientation. sharp's pixel limit refuses decompression bombs.
// sharp is loaded on first use: a server that never receives a photo does not carry libvips.

export const THUMBNAIL_SIZE = 320;

/** Writes the thumbnail of `source` to `target`; false when the image cannot be read. */
export async function makeThumbnail(source: string, target: string): Promise<boolean> {
  try {
    const { default: sharp } = await import('sharp');
    await sharp(source, { limitInputPixels: 100_000_000, failOn: 'error' })
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
    return false;
  }
}
