import { afterEach, describe, expect, it, vi } from 'vitest';
import { isUuid, uuidv7, uuidv7At, uuidv7Time } from './ids';

describe('uuidv7', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('has the RFC 9562 layout: version 7, variant 10', () => {
    const id = uuidv7();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(isUuid(id)).toBe(true);
  });

  it('carries its creation time', () => {
    const ms = Date.UTC(2026, 10, 22, 10, 15, 0, 123);
    expect(uuidv7Time(uuidv7At(ms))).toBe(ms);
    const before = Date.now();
    const time = uuidv7Time(uuidv7());
    expect(time).toBeGreaterThanOrEqual(before);
  });

  it('is strictly increasing, even for thousands made in one millisecond', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const ids = Array.from({ length: 10_000 }, () => uuidv7());
    const sorted = [...ids].sort();
    expect(sorted).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps increasing when the clock goes back', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_900_000_000_000);
    const a = uuidv7();
    now.mockReturnValue(1_800_000_000_000);
    const b = uuidv7();
    expect(b > a).toBe(true);
  });
});

describe('isUuid', () => {
  it('accepts canonical uuids of any version and case', () => {
    expect(isUuid('123e4567-e89b-42d3-a456-426614174000')).toBe(true);
    expect(isUuid('123E4567-E89B-42D3-A456-426614174000')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it('rejects anything else', () => {
    for (const value of [
      '',
      'abc',
      '123e4567e89b42d3a456426614174000',
      42,
      null,
      undefined,
      '1; drop table',
      '123e4567-e89b-02d3-a456-426614174000', // version 0: not RFC 9562 (z.uuid() refuses it too)
    ]) {
      expect(isUuid(value)).toBe(false);
    }
    expect(uuidv7Time('123e4567-e89b-42d3-a456-426614174000')).toBeNull();
  });
});
