import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe; only the SHA-256 of it is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Token <token>` header; undefined when absent, null when malformed. */
export function tokenFromHeader(header: string | undefined): string | null | undefined {
  if (header === undefined || header === '') return undefined;
  const match = /^Token ([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match ? match[1] : null;
}
