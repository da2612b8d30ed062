// The real type of an upload, read from its bytes (file-type): the name's extension must agree with
// the content, executables and scripts are refused, a photo must be a raster image, and the type
// stored (and later sent as Content-Type) is never one a browser would run (HTML, SVG, XML).

import { fieldError } from '../http/errors.js';
import { say } from '../i18n/message.js';
import { readHead as head } from './head.js';
import { extensionOf } from './names.js';

/** Raster types sharp reads, accepted as photos (SVG is not: it can carry script). */
const IMAGE_TYPES = new Set(['jpg', 'png', 'webp', 'gif', 'avif', 'tif']);

const HEIF_TYPES = new Set(['heic', 'heif']);

const EXECUTABLE_TYPES = new Set(['exe', 'elf', 'macho', 'msi', 'apk', 'dex', 'class', 'wasm', 'jar', 'swf']);
const EXECUTABLE_EXTENSIONS = new Set(
  'exe msi com scr bat cmd ps1 psm1 vbs vbe js mjs cjs jse wsf wsh hta sh bash zsh csh ksh py pl rb php jar apk app dll so dylib'.split(
    ' ',
  ),
);
/** Declared types kept when the bytes have no signature (plain text formats). */
const SAFE_TEXT_TYPES = new Set(['text/plain', 'text/csv', 'application/json', 'text/tab-separated-values']);
/** Detected types that a browser could render as active content: stored as a plain download. */
const ACTIVE_TYPES = new Set([
  'application/xml',
  'text/xml',
  'image/svg+xml',
  'text/html',
  'application/xhtml+xml',
]);

/** Extensions naming the same formats (a .xlsx is a zip; an old .xls is a compound file). */
const FAMILIES: readonly (readonly string[])[] = [
  ['jpg', 'jpeg', 'jpe', 'jfif'],
  ['tif', 'tiff'],
  ['docx', 'xlsx', 'pptx', 'zip', 'docm', 'xlsm', 'pptm', 'odt', 'ods', 'odp', 'epub'],
  ['cfb', 'doc', 'xls', 'ppt', 'msg'],
  ['mp4', 'm4v', 'm4a', 'mov', '3gp', 'qt'],
  ['heic', 'heif'],
];
// file-type is loaded on first use (memory of an idle server).
const fileType = () => import('file-type');

function sameFormat(claimed: string, detected: string): boolean {
  if (claimed === detected) return true;
  return FAMILIES.some((family) => family.includes(claimed) && family.includes(detected));
}

function claimsKnownFormat(ext: string, supported: ReadonlySet<string>): boolean {
  return supported.has(ext) || FAMILIES.some((family) => family.includes(ext));
}

const startsWithShebang = (start: Buffer) => start.subarray(0, 2).toString('latin1') === '#!';

/**
 * Text formats file-type knows only by an opening it may lack (an e-invoice .xml without its
 * "<?xml" declaration, a calendar or contact card): text bytes under such a name are what they say.
 */
const TEXT_FORMATS = new Set(['xml', 'ics', 'vcf', 'vtt']);
const isText = (start: Buffer) => !start.includes(0);
/** The opening read once for the checks of our own (a script's #!, text without NUL bytes). */
const SAMPLE_BYTES = 4096;

export interface CheckedType {
  /** The Content-Type stored and served. */
  contentType: string;
  /** The detected extension when the bytes have a signature. */
  detected?: string;
  /** A raster image sharp can read (a thumbnail is made). */
  raster: boolean;
}

/** Checks an upload's bytes against its name and what it claims to be; a 400 on `file` when they disagree. */
export async function checkType(
  path: string,
  name: string,
  declared: string | undefined,
  isImage: boolean,
): Promise<CheckedType> {
  const { fileTypeFromFile, supportedExtensions } = await fileType();
  // From the file, not the sample: a ZIP-based format may be known only by an entry further in.
  const type = await fileTypeFromFile(path);
  const start = await head(path, SAMPLE_BYTES);
  const ext = extensionOf(name);
  if ((type && EXECUTABLE_TYPES.has(type.ext)) || EXECUTABLE_EXTENSIONS.has(ext) || startsWithShebang(start))
    throw fieldError('file', say('upload.program'));
  const undetectedText = !type && TEXT_FORMATS.has(ext) && isText(start);
  if (
    ext &&
    !undetectedText &&
    claimsKnownFormat(ext, supportedExtensions) &&
    !(type && sameFormat(ext, type.ext))
  )
    throw fieldError(
      'file',
      type
        ? say('upload.not_its_type', { name, ext, type: type.ext.toUpperCase() })
        : say('upload.not_its_type_unknown', { name, ext }),
    );
  const raster = Boolean(type && IMAGE_TYPES.has(type.ext));
  // iPhone and iPad photos: kept as documents; the server cannot decode them (HEVC) for a thumbnail.
  if (isImage && type && HEIF_TYPES.has(type.ext)) throw fieldError('file', say('upload.heic'));
  if (isImage && !raster) throw fieldError('file', say('upload.not_photo'));
  let contentType = 'application/octet-stream';
  if (type && !ACTIVE_TYPES.has(type.mime)) contentType = type.mime;
  else if (!type) {
    const plain = declared?.split(';')[0].trim().toLowerCase();
    if (plain && SAFE_TEXT_TYPES.has(plain)) contentType = plain;
  }
  return { contentType, detected: type?.ext, raster };
}
