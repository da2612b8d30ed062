import { ValidationError } from '../http/errors.js';

/** Cursors are opaque to devices: the seq of the last change sent, versioned for later change. */
export function encodeCursor(seq: number): string {
  return Buffer.from(JSON.stringify({ v: 1, s: seq })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      v?: unknown;
      s?: unknown;
    };
    if (parsed.v === 1 && typeof parsed.s === 'number' && Number.isSafeInteger(parsed.s) && parsed.s >= 0)
      return parsed.s;
  } catch {
    // fall through
  }
  throw new ValidationError({ cursor: ['Invalid cursor.'] });
}
