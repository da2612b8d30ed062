import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { type Message, say } from '../i18n/message.js';
import { gate, HASH_SLOTS } from './hash-gate.js';

// scrypt with OWASP's interactive parameters (N=2^15, r=8, p=1); the parameters travel with the hash
// so they can be raised later without invalidating stored passwords.
const N = 32768;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

const hashing = gate(HASH_SLOTS);

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          password.normalize('NFKC'),
          salt,
          KEY_LENGTH,
          { N: n, r, p, maxmem: MAX_MEMORY },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Verifying against this costs as much as a real check, so an unknown user name takes as long as a known one. */
export const unusablePasswordHash = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

// Spanish ones the list below lacks (it is drawn from English-speaking leaks).
const LOCAL = 'contraseña contrasena contraseña1 contrasena1 123qweasd qwe12345 1q2w3e4r zaq12wsx';

let common: ReadonlySet<string> | undefined;

/**
 * The common passwords a user may not choose: the 49,000-odd most common passwords of zxcvbn-ts's
 * frequency list (@zxcvbn-ts/language-common, "passwords-common": ranked by how often they appear in
 * leaked password sets; the maintained TypeScript successor of Dropbox's zxcvbn, MIT), those of 8
 * characters or more (shorter ones are refused anyway), lower-cased as Django compares them. Read on
 * first use (~50 ms, ~2 MB): most processes never set a password.
 */
function commonPasswords(): ReadonlySet<string> {
  if (!common) {
    const { dictionary } = createRequire(import.meta.url)(
      '@zxcvbn-ts/language-common',
    ) as typeof import('@zxcvbn-ts/language-common');
    const words = [...dictionary['passwords-common'], ...LOCAL.split(' ')];
    common = new Set(words.filter((word) => word.length >= 8).map((word) => word.toLowerCase()));
  }
  return common;
}

/** Django's default password validators, in its words: the API promises the same rules. */
export function passwordProblems(
  password: string,
  user: { username?: string; email?: string } = {},
): Message[] {
  const problems: Message[] = [];
  if (password.length < 8) problems.push(say('password.short'));
  if (password.length > 256) problems.push(say('password.long'));
  if (commonPasswords().has(password.toLowerCase())) problems.push(say('password.common'));
  if (/^\d+$/.test(password)) problems.push(say('password.numeric'));
  const lowered = password.toLowerCase();
  for (const [label, value] of [
    ['password.similar_username', user.username],
    ['password.similar_email', user.email?.split('@')[0]],
  ] as const) {
    if (
      value &&
      value.length >= 3 &&
      (lowered.includes(value.toLowerCase()) || value.toLowerCase().includes(lowered))
    )
      problems.push(say(label));
  }
  return problems;
}
