// Record ids: UUIDv7 (RFC 9562), made wherever a record is first saved (usually the tablet).
// Time-ordered, so ordering by id is creation order. The one import point of the `uuid` package: its
// v7 keeps ids made in the same millisecond (or after the clock went back) increasing within one
// process (RFC 9562 §6.2 method 1: a 32-bit counter seeded at random), and its validate is the one UUID check of the
// app, the workers and the server.

import { v7, validate, version } from 'uuid';

/** A new UUIDv7, greater than every id this process made before. */
export const uuidv7 = (): string => v7();

/** A UUIDv7 for a given time (ms since the epoch), without touching the monotonic state (seed data). */
export const uuidv7At = (ms: number): string => v7({ msecs: Math.max(Math.floor(ms), 0) });

/** True for an RFC 9562 UUID (versions 1 to 8, the nil and the max) in its 8-4-4-4-12 hex form, any case. */
export function isUuid(value: string): boolean;
export function isUuid(value: unknown): value is string;
export function isUuid(value: unknown): boolean {
  return validate(value);
}

/** The creation time (ms since the epoch) of a UUIDv7, or null for other versions. */
export function uuidv7Time(id: string): number | null {
  if (!isUuid(id) || version(id) !== 7) return null;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
