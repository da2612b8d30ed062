import { describe, expect, it } from 'vitest';
import { isoToLocal, localToIso, parseTypedDate, parseTypedDateTime } from './dates';

describe('date inputs', () => {
  it('read dd/MM/yyyy as typed', () => {
    expect(parseTypedDate('22/11/2026')).toBe('2026-11-22');
    expect(parseTypedDate('2026-11-22')).toBe('2026-11-22');
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(parseTypedDate('soon')).toBeNull();
  });

  it('read dd/MM/yyyy HH:mm and round-trip the stored UTC value through local time', () => {
    expect(parseTypedDateTime('22/11/2026 07:30')).toBe('2026-11-22 07:30:00');
    expect(parseTypedDateTime('22/11/2026')).toBe('2026-11-22 00:00:00');
    const iso = localToIso('2026-11-22 07:30:00');
    expect(iso).toMatch(/Z$/);
    expect(isoToLocal(iso)).toBe('2026-11-22 07:30:00');
    expect(localToIso(null)).toBeNull();
  });
});
