// The upload's own rules that decide how long the queue waits: the server's Retry-After (seconds or a
// date) and the time-out, which grows with the file so a large document on a slow link is not cut short on
// every try. (The queue's behaviour against a failing server is shown in tests/e2e/uploads-network.test.ts.)
import { describe, expect, it } from 'vitest';
import { retryAfterMs, uploadTimeoutMs } from './upload';

describe('upload timing', () => {
  it('reads Retry-After as seconds or as an HTTP date, and ignores what it cannot read', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 5 ', now)).toBe(5_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    // A date already past: go now.
    expect(retryAfterMs('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('gives a file time to go at 32 KB/s on top of two minutes', () => {
    const photo = 500 * 1024;
    const document = 25 * 1024 * 1024;
    expect(uploadTimeoutMs(0)).toBe(120_000);
    // A compressed photo: a little over two minutes.
    expect(uploadTimeoutMs(photo)).toBeGreaterThan(120_000 + (photo / (32 * 1024)) * 1000 - 1000);
    // The largest document the server takes, sent at 32 KB/s, fits in its time-out.
    expect(uploadTimeoutMs(document)).toBeGreaterThan((document / (32 * 1024)) * 1000);
  });
});
