// Record ids: UUIDv7 (RFC 9562), made wherever a record is first saved (usually the tablet).
// Time-ordered, so ordering by id is creation order; monotonic within one process even when
// many ids are made in the same millisecond (method 1 of RFC 9562 §6.2: a counter in rand_a).

import { randomBytes } from './web-globals';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let lastMs = -1;
let counter = 0;

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** A new UUIDv7; `now` (milliseconds since the epoch) is for tests and deterministic seeds. */
export function uuidv7(now: number = Date.now()): string {
  const random = randomBytes(10);
  let ms = Math.max(Math.floor(now), 0);
  if (ms > lastMs) {
    lastMs = ms;
    // Start the counter in its lower half so a burst in one millisecond rarely overflows it.
    counter = ((random[0] << 8) | random[1]) & 0x7ff;
  } else {
    // Same millisecond (or a clock that went back): keep the order by counting up.
    ms = lastMs;
    counter += 1;
    if (counter > 0xfff) {
      lastMs += 1;
      ms = lastMs;
      counter = 0;
    }
  }
  return formatUuidv7(ms, counter, random.subarray(2));
}

/** A UUIDv7 for a given time, without touching the monotonic state (for fixed seed data). */
export function uuidv7At(ms: number, randomTail: Uint8Array = randomBytes(8)): string {
  const random = randomBytes(2);
  return formatUuidv7(Math.max(Math.floor(ms), 0), ((random[0] << 8) | random[1]) & 0xfff, randomTail);
}

function formatUuidv7(ms: number, counter12: number, tail: Uint8Array): string {
  const bytes = new Uint8Array(16);
  // 48-bit big-endian timestamp; split because bit operators work on 32 bits.
  const high = Math.floor(ms / 2 ** 32);
  const low = ms % 2 ** 32;
  bytes[0] = (high >>> 8) & 0xff;
  bytes[1] = high & 0xff;
  bytes[2] = (low >>> 24) & 0xff;
  bytes[3] = (low >>> 16) & 0xff;
  bytes[4] = (low >>> 8) & 0xff;
  bytes[5] = low & 0xff;
  bytes[6] = 0x70 | ((counter12 >>> 8) & 0x0f);
  bytes[7] = counter12 & 0xff;
  bytes[8] = 0x80 | (tail[0] & 0x3f);
  for (let i = 1; i < 8; i += 1) bytes[8 + i] = tail[i];
  const text = hex(bytes);
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** True for any RFC 9562 UUID in its canonical 8-4-4-4-12 hex form (any version, any case). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** The creation time (ms since the epoch) of a UUIDv7, or null for other versions. */
export function uuidv7Time(id: string): number | null {
  if (!isUuid(id) || id[14] !== '7') return null;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
