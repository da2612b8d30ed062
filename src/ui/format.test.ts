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
