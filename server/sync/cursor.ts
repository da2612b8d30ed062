import { ValidationError } from '../http/errors.js';
import { say } from '../i18n/message.js';

/**
 * Cursors are opaque to devices: the seq of the last change sent, and the purge mark (the highest
 * seq of purged tombstones) when the download began. A later purge above the cursor may have taken
 * deletes the device never saw: that cursor is then answered 410.
 */
export interface Cursor {
  seq: number;
  /** Purge mark at issue; null on a first pull (no cursor yet). */
  purged: number | null;
}

export function encodeCursor(cursor: { seq: number; purged: number }): string {
  return Buffer.from(JSON.stringify({ v: 2, s: cursor.seq, p: cursor.purged })).toString('base64url');
}

const natural = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export function decodeCursor(cursor: string | undefined): Cursor {
  if (cursor === undefined || cursor === '') return { seq: 0, purged: null };
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      v?: unknown;
      s?: unknown;
      p?: unknown;
    };
    if (parsed.v === 2 && natural(parsed.s) && natural(parsed.p)) return { seq: parsed.s, purged: parsed.p };
  } catch {
    // fall through
  }
  throw new ValidationError({ cursor: [say('sync.invalid_cursor')] });
}
