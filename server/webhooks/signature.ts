// Signing as the Standard Webhooks specification says (standardwebhooks.com): the secret is
// 'whsec_' + base64 of the key; the signature is base64 HMAC-SHA256 of '<id>.<timestamp>.<body>'
// with the key, sent as 'v1,<signature>' beside webhook-id and webhook-timestamp (Unix seconds).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const keyOf = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ''), 'base64');

function sign(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The headers of one attempt. */
export function signedHeaders(secret: string, id: string, body: string, now = Date.now()) {
  const timestamp = Math.floor(now / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(secret, id, timestamp, body),
  };
}

/**
 * What a receiver does (and the tests): the signature matches one of the header's, and the timestamp
 * is within `toleranceSeconds` of now (a replayed old message is refused).
 */
export function verify(
  secret: string,
  headers: Record<string, string | undefined>,
  body: string,
  toleranceSeconds = 300,
  now = Date.now(),
): boolean {
  const id = headers['webhook-id'];
  const timestamp = Number(headers['webhook-timestamp']);
  const given = headers['webhook-signature'];
  if (!id || !Number.isInteger(timestamp) || !given) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(sign(secret, id, timestamp, body));
  return given.split(' ').some((candidate) => {
    const value = Buffer.from(candidate);
    return value.length === expected.length && timingSafeEqual(value, expected);
  });
}
