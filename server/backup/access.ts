// How `npm run backup` reaches a running server on the embedded database (which only that server may
// open): the server writes its address and a fresh random token to DATA_DIR/backup-access.json,
// readable by its own user only, at start, and removes it at stop. Whoever can read DATA_DIR can copy
// the data anyway; nobody else learns the token, and no user's token can make a backup.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'backup-access.json';

export interface LocalAccess {
  token: string;
  /** Writes the file, with the address the CLI should call. */
  publish(url: string): void;
  remove(): void;
}

export function localAccess(dataDir: string): LocalAccess {
  const token = randomBytes(32).toString('base64url');
  const file = join(dataDir, FILE);
  return {
    token,
    publish(url) {
      rmSync(file, { force: true });
      writeFileSync(file, `${JSON.stringify({ url, token, pid: process.pid })}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
    },
    remove() {
      try {
        if ((JSON.parse(readFileSync(file, 'utf8')) as { token?: string }).token === token) rmSync(file);
      } catch {
        // Gone already.
      }
    },
  };
}

/** What the running server published, or null. */
export function readLocalAccess(dataDir: string): { url: string; token: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as {
      url?: unknown;
      token?: unknown;
    };
    return typeof parsed.url === 'string' && typeof parsed.token === 'string'
      ? { url: parsed.url, token: parsed.token }
      : null;
  } catch {
    return null;
  }
}

/** `Bearer <token>`, compared in constant time. */
export function isLocalToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header?.trim() ?? '');
  const given = Buffer.from(match?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
