import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
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

const COMMON = new Set(
  (
    'password password1 password123 12345678 123456789 1234567890 qwerty123 qwertyuiop 11111111 00000000 ' +
    'iloveyou admin123 administrator welcome1 welcome123 letmein1 sunshine football baseball dragon123 ' +
    'monkey123 abc12345 abcd1234 passw0rd p@ssw0rd trustno1 superman princess starwars changeme ' +
    'contraseña contrasena 123qweasd qwe12345 1q2w3e4r 1qaz2wsx zaq12wsx asdfghjkl'
  ).split(' '),
);

/** Django's default password validators, in its words: the API promises the same rules. */
export function passwordProblems(
  password: string,
  user: { username?: string; email?: string } = {},
): string[] {
  const problems: string[] = [];
  if (password.length < 8)
    problems.push('This password is too short. It must contain at least 8 characters.');
  if (password.length > 256) problems.push('This password is too long.');
  if (COMMON.has(password.toLowerCase())) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  const lowered = password.toLowerCase();
  for (const [label, value] of [
    ['username', user.username],
    ['email address', user.email?.split('@')[0]],
  ] as const) {
    if (
      value &&
      value.length >= 3 &&
      (lowered.includes(value.toLowerCase()) || value.toLowerCase().includes(lowered))
    )
      problems.push(`The password is too similar to the ${label}.`);
  }
  return problems;
}
