import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatOffset,
  isTimeZone,
  localDate,
  offsetChanges,
  offsetMinutes,
  repeatedWallTime,
  startOfLocalDay,
  wallTime,
  zonedInstant,
} from './time';

const MADRID = 'Europe/Madrid';
const ms = (iso: string) => Date.parse(iso);

describe('time in a zone', () => {
  it('reads the offset on both sides of the October change in Spain', () => {
    expect(offsetMinutes(MADRID, ms('2026-10-25T00:59:00Z'))).toBe(120);
    expect(offsetMinutes(MADRID, ms('2026-10-25T01:00:00Z'))).toBe(60);
    expect(wallTime('2026-10-25T00:30:00Z', MADRID)).toBe('2026-10-25T02:30');
    expect(wallTime('2026-10-25T01:30:00Z', MADRID)).toBe('2026-10-25T02:30');
    expect(wallTime(null, MADRID)).toBeNull();
    expect(wallTime('nonsense', MADRID)).toBeNull();
  });

  it('turns a wall time back into the instant, first occurrence in the repeated hour', () => {
    expect(new Date(zonedInstant('2026-10-25T02:30', MADRID) ?? 0).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(new Date(zonedInstant('2026-11-21 14:00:00', MADRID) ?? 0).toISOString()).toBe(
      '2026-11-21T13:00:00.000Z',
    );
    // 02:30 on 29 March 2026 does not exist in Spain: read with the winter offset, 03:30 CEST.
    expect(new Date(zonedInstant('2026-03-29T02:30', MADRID) ?? 0).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(zonedInstant('21/11/2026', MADRID)).toBeNull();
  });

  it('finds local midnights and calendar days', () => {
    expect(new Date(startOfLocalDay('2026-10-25', MADRID)).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-10-26', MADRID)).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(localDate(ms('2026-10-24T22:30:00Z'), MADRID)).toBe('2026-10-25');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('lists the offset changes inside a span', () => {
    expect(offsetChanges(MADRID, ms('2026-10-20T00:00:00Z'), ms('2026-10-30T00:00:00Z'))).toEqual([
      { at: ms('2026-10-25T01:00:00Z'), from: 120, to: 60 },
    ]);
    expect(offsetChanges(MADRID, ms('2026-11-01T00:00:00Z'), ms('2026-11-30T00:00:00Z'))).toEqual([]);
    expect(offsetChanges('UTC', 0, ms('2026-01-01T00:00:00Z'))).toEqual([]);
  });

  it('knows the wall times that happen twice', () => {
    expect(repeatedWallTime(ms('2026-10-25T00:30:00Z'), MADRID)).toBe(true); // 02:30 CEST
    expect(repeatedWallTime(ms('2026-10-25T01:30:00Z'), MADRID)).toBe(true); // 02:30 CET
    expect(repeatedWallTime(ms('2026-10-25T02:30:00Z'), MADRID)).toBe(false); // 03:30 CET
    expect(repeatedWallTime(ms('2026-10-24T23:30:00Z'), MADRID)).toBe(false); // 01:30 CEST
    expect(repeatedWallTime(ms('2026-11-21T13:00:00Z'), MADRID)).toBe(false);
  });

  it('writes offsets and knows zones', () => {
    expect(formatOffset(60)).toBe('UTC+01:00');
    expect(formatOffset(-210)).toBe('UTC-03:30');
    expect(formatOffset(0)).toBe('UTC+00:00');
    expect(isTimeZone(MADRID)).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
