// File names: what a client sent is kept for display (and as the name of a download), made safe;
// the bytes on disk are never stored under it.

// Control characters (Cc) and invisible format ones (Cf: zero-width, bidi overrides that disguise an extension).
const CONTROL = /[\p{Cc}\p{Cf}]/gu;
// Inside an emoji only the joiner and tag characters of its sequence are kept ("👷‍♀️", flags of regions).
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const EMOJI_PART = /^(\u200D|[\u{E0020}-\u{E007F}])$/u;
// Half of a UTF-16 pair (a JSON name can carry one): no file name, and it breaks percent-encoding.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const graphemesOf = (text: string) => Array.from(graphemes.segment(text), (part) => part.segment);

function withoutControls(text: string): string {
  return graphemesOf(text.replace(LONE_SURROGATE, ''))
    .map((part) =>
      EMOJI.test(part)
        ? part.replace(CONTROL, (char) => (EMOJI_PART.test(char) ? char : ''))
        : part.replace(CONTROL, ''),
    )
    .join('');
}
const MAX_NAME = 255;
// Device names Windows will not save a file as (CON, nul.txt, COM1.pdf...): such a name gets a '_' first.
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

/**
 * The display name of an uploaded file: its last path segment (no "../", no folders, either slash),
 * without control or bidi-override characters, trimmed of dots and spaces at the ends, not a Windows
 * device name, at most 255 characters (keeping the extension); "file" when nothing is left.
 */
export function safeName(raw: string | undefined, fallback = 'file'): string {
  const base = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  let name = withoutControls(base)
    .replace(/[<>:"|?*]/g, '_')
    .trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (!name) return fallback;
  if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  if (name.length > MAX_NAME) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    // Cut between characters as shown (never inside an emoji or a UTF-16 pair).
    let kept = '';
    for (const part of graphemesOf(name.slice(0, name.length - ext.length))) {
      if (kept.length + part.length > MAX_NAME - ext.length) break;
      kept += part;
    }
    name = kept + ext;
  }
  return name;
}

/** The lower-case extension of a name, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** RFC 5987 value: UTF-8, percent-encoded (also the characters encodeURIComponent leaves alone). */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Content-Disposition for a download (RFC 6266): an ASCII `filename` for old clients and the exact
 * name in `filename*`. `x-suggested-filename` (what the app reads) is the name percent-encoded.
 */
export function downloadHeaders(name: string, disposition: 'attachment' | 'inline' = 'attachment') {
  const safe = safeName(name);
  // One "_" for each character shown that is not ASCII (an emoji of several code points too).
  const ascii = graphemesOf(safe.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .map((part) => (/^[\x20-\x7e]$/.test(part) && part !== '"' && part !== '\\' ? part : '_'))
    .join('');
  return {
    'content-disposition': `${disposition}; filename="${ascii}"; filename*=UTF-8''${rfc5987(safe)}`,
    'x-suggested-filename': encodeURIComponent(safe),
  };
}

/** Names unique within one ZIP: the second "photo.jpg" becomes "photo (2).jpg". */
export function uniqueNames(): (name: string) => string {
  const taken = new Set<string>();
  return (name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
