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

  it("types and shows a date-time in the project port's zone, across the October change in Spain", () => {
    expect(localToIso('2026-10-24 23:59:00', 'Europe/Madrid')).toBe('2026-10-24T21:59:00.000Z');
    expect(localToIso('2026-10-25 04:00:00', 'Europe/Madrid')).toBe('2026-10-25T03:00:00.000Z');
    expect(isoToLocal('2026-10-25T01:30:00.000Z', 'Europe/Madrid')).toBe('2026-10-25 02:30:00');
    expect(isoToLocal('2026-11-21T13:00:00.000Z', 'America/Santiago')).toBe('2026-11-21 10:00:00');
    expect(localToIso(isoToLocal('2026-11-21T13:00:00.000Z', 'Asia/Tokyo'), 'Asia/Tokyo')).toBe(
      '2026-11-21T13:00:00.000Z',
    );
  });
});
