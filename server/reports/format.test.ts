import { describe, expect, it } from 'vitest';
import { offsetMinutes } from '../../src/domain/time.js';
import { fileSlug, formatDate, formatDateTime, formatTime, isTimeZone, weekday } from './format.js';

const madrid = { timeZone: 'Europe/Madrid', locale: 'es' };

describe('report dates', () => {
  it('follows the zone across a daylight-saving change', () => {
    // Madrid moves from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026.
    expect(offsetMinutes('Europe/Madrid', Date.parse('2026-03-29T00:59:00Z'))).toBe(60);
    expect(offsetMinutes('Europe/Madrid', Date.parse('2026-03-29T01:00:00Z'))).toBe(120);
    expect(formatDateTime('2026-03-29T00:59:00.000Z', madrid)).toBe('29/03/2026 01:59');
    expect(formatDateTime('2026-03-29T01:00:00.000Z', madrid)).toBe('29/03/2026 03:00');
    expect(offsetMinutes('Asia/Kathmandu', Date.parse('2026-11-21T00:00:00Z'))).toBe(345);
  });

  it('writes dd/MM/yyyy and HH:mm, and nothing for no value', () => {
    expect(formatDate('2026-11-21', madrid)).toBe('21/11/2026');
    expect(formatDate('2026-11-21T23:30:00.000Z', madrid)).toBe('22/11/2026');
    expect(formatTime('2026-11-21T23:30:00.000Z', madrid)).toBe('00:30');
    expect(formatDateTime(null, madrid)).toBe('');
    expect(formatDateTime('not a date', madrid)).toBe('');
    expect(weekday('2026-11-21', madrid)).toBe('Sábado');
  });

  it('checks zones and makes safe file names', () => {
    expect(isTimeZone('America/Santiago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(fileSlug('Nº 12/2026 — Sagunto "B"')).toBe('No_12_2026_Sagunto_B');
  });
});
