// Images for a PDF, read through sharp: photos (the attachment's bytes from the file store, turned
// upright and made a JPEG of at most 1600 px: PDFKit draws JPEG and PNG only, and phone photos would
// make the file huge) and the signatures drawn on a pad.
import { onFirstUse } from '../lazy-module.js';

export interface Photo {
  /** JPEG bytes, or null when the file could not be read (the PDF says so). */
  jpeg: Buffer | null;
  width: number;
  height: number;
  caption: string;
  /** Under the caption: the photo's zone, when and by whom it was taken. */
  details?: string;
}

const MAX_SIDE = 1600;

export const loadSharp = onFirstUse(async () => (await import('sharp')).default);

/** A photo's bytes, a path, or a reading of them (from the file store; null when it has none). */
export type PhotoSource = Buffer | string | (() => Promise<Buffer | null>);

/** A photo ready to draw, from any raster image sharp reads. */
export async function preparePhoto(from: PhotoSource, caption: string, details?: string): Promise<Photo> {
  // Outside the try: sharp failing to load is the server's fault (500), not an unreadable photo.
  const sharp = await loadSharp();
  const source = typeof from === 'function' ? await from() : from;
  if (source === null) return { jpeg: null, width: 0, height: 0, caption, details };
  try {
    const { data, info } = await sharp(source, { limitInputPixels: 100_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height, caption, details };
  } catch {
    return { jpeg: null, width: 0, height: 0, caption, details };
  }
}

/** Prepares photos two at a time (the machine has few cores; sharp uses its own threads too). */
export async function preparePhotos(
  sources: readonly { source: PhotoSource; caption: string; details?: string }[],
): Promise<Photo[]> {
  const photos: Photo[] = new Array(sources.length);
  let next = 0;
  const worker = async () => {
    while (next < sources.length) {
      const index = next++;
      const item = sources[index];
      if (item) photos[index] = await preparePhoto(item.source, item.caption, item.details);
    }
  };
  await Promise.all([worker(), worker()]);
  return photos;
}

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';

/**
 * A signature pad's image ('data:image/png;base64,...') as a PNG PDFKit can draw, or null when it is
 * none or sharp cannot read it. PDFKit inflates a PNG with an alpha channel in a zlib callback, where a
 * corrupt one throws outside any try and stops the server: so every signature is redrawn by sharp first.
 */
export async function signaturePng(dataUrl: unknown): Promise<Buffer | null> {
  if (typeof dataUrl !== 'string' || !dataUrl.startsWith(PNG_DATA_URL_PREFIX)) return null;
  const sharp = await loadSharp();
  try {
    return await sharp(Buffer.from(dataUrl.slice(PNG_DATA_URL_PREFIX.length), 'base64'), {
      limitInputPixels: 10_000_000,
      failOn: 'error',
    })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
