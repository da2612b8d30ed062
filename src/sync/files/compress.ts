// Photos are made small on the device before they are stored: longest side 2048 px, about 0.5 MB, with
// the capture stamp drawn in a corner. The heavy part (the quality search of browser-image-compression)
// runs in a web worker that loads the library from our own origin: the CSP allows only 'self' scripts
// and blob: workers, never a CDN (vite.config.ts copies the library to /vendor/ and the service worker
// precaches it).
import imageCompression from 'browser-image-compression';
import type { FileStamp } from '../../store/schema';

const PHOTO_MAX_SIDE = 2048;
const PHOTO_MAX_MB = 0.5;
const COMPRESSION_LIB_PATH = '/vendor/browser-image-compression.js';

const libUrl = () =>
  typeof location === 'undefined'
    ? COMPRESSION_LIB_PATH
    : new URL(COMPRESSION_LIB_PATH, location.origin).href;

/** The stamp's words: local date and time, the user, and the position when known. */
function stampText(stamp: FileStamp): string {
  const when = new Date(stamp.captured_at);
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`;
  const time = `${pad(when.getHours())}:${pad(when.getMinutes())}`;
  const parts = [`${date} ${time}`];
  if (stamp.captured_by) parts.push(stamp.captured_by);
  if (stamp.position)
    parts.push(`${stamp.position.latitude.toFixed(5)}, ${stamp.position.longitude.toFixed(5)}`);
  return parts.join(' · ');
}

/**
 * Draws the photo at most 2048 px on its longest side with the stamp in the bottom corner. Returns null
 * where the browser cannot (no OffscreenCanvas or createImageBitmap): the photo is then kept unstamped.
 */
async function drawStamped(file: Blob, stamp: FileStamp): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return null;
  }
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const text = stampText(stamp);
  const size = Math.max(12, Math.round(Math.min(width, height) / 40));
  context.font = `${size}px sans-serif`;
  const pad = Math.round(size / 2);
  const boxWidth = Math.min(width, context.measureText(text).width + pad * 2);
  context.fillStyle = 'rgba(0, 0, 0, 0.55)';
  context.fillRect(width - boxWidth, height - size - pad * 2, boxWidth, size + pad * 2);
  context.fillStyle = '#ffffff';
  context.textBaseline = 'bottom';
  context.fillText(text, width - boxWidth + pad, height - pad, boxWidth - pad * 2);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
}

export interface PreparedPhoto {
  blob: Blob;
  name: string;
}

/** A photo as kept and uploaded: stamped, at most 2048 px, about 0.5 MB, JPEG. */
export async function preparePhoto(file: File, stamp: FileStamp): Promise<PreparedPhoto> {
  const stamped = (await drawStamped(file, stamp)) ?? file;
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
  const source = new File([stamped], name, {
    type: stamped.type || file.type,
    lastModified: file.lastModified,
  });
  const compressed = await imageCompression(source, {
    maxSizeMB: PHOTO_MAX_MB,
    maxWidthOrHeight: PHOTO_MAX_SIDE,
    useWebWorker: true,
    libURL: libUrl(),
    fileType: 'image/jpeg',
    initialQuality: 0.85,
  });
  // Kept as a plain Blob: a File's name and date are not needed, and Blob round-trips IndexedDB everywhere.
  return { blob: new Blob([compressed], { type: 'image/jpeg' }), name };
}

/**
 * The position for a stamp, only if the user already allowed it for this site: the stamp never asks.
 * Null when not allowed, not available, or slower than `timeoutMs`.
 */
export async function grantedPosition(timeoutMs = 3000): Promise<FileStamp['position']> {
  if (typeof navigator === 'undefined' || !navigator.geolocation || !navigator.permissions) return null;
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    if (status.state !== 'granted') return null;
  } catch {
    return null;
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      () => resolve(null),
      { timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
