import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './format';

describe('format', () => {
  it('shows dates as dd/MM/yyyy and times as HH:mm', () => {
    const value = new Date(2021, 2, 7, 9, 5);
    expect(formatDate(value)).toBe('07/03/2021');
    expect(formatTime(value)).toBe('09:05');
    expect(formatDateTime(value)).toBe('07/03/2021 09:05');
  });

  it('reads ISO text and gives an empty string for empty or invalid values', () => {
    expect(formatDate('2021-12-31')).toBe('31/12/2021');
    expect(formatTime('2021-12-31T23:59:00')).toBe('23:59');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('format in a zone', () => {
  it("shows an instant in the project port's local time, on both sides of the October change in Spain", () => {
    expect(formatDateTime('2026-10-25T00:30:00.000Z', 'Europe/Madrid')).toBe('25/10/2026 02:30');
    expect(formatDateTime('2026-10-25T01:30:00.000Z', 'Europe/Madrid')).toBe('25/10/2026 02:30');
    expect(formatTime('2026-10-25T02:30:00.000Z', 'Europe/Madrid')).toBe('03:30');
    expect(formatDate('2026-10-24T22:30:00.000Z', 'Europe/Madrid')).toBe('25/10/2026');
    expect(formatDateTime('2026-11-21T13:00:00.000Z', 'America/Santiago')).toBe('21/11/2026 10:00');
  });

  it('leaves a calendar date as it is and an empty value empty', () => {
    expect(formatDate('2026-11-21', 'Pacific/Kiritimati')).toBe('21/11/2026');
    expect(formatDateTime(null, 'Europe/Madrid')).toBe('');
    expect(formatDateTime('nonsense', 'Europe/Madrid')).toBe('');
  });
});
