import { describe, expect, it } from 'vitest';
import { sameValue } from './input';
import {
  compareDecimal,
  parseDateOnly,
  parseDateTime,
  parseDecimal,
  parseInteger,
  parseTimeOfDay,
} from './values';

const value = <T>(result: { ok: true; value: T } | { ok: false; message: string }) =>
  result.ok ? result.value : `error: ${result.message}`;

describe('parseDecimal', () => {
  it.each([
    ['12.5', '12.500'],
    [12.5, '12.500'],
    [0.1, '0.100'],
    ['0007.250', '7.250'],
    ['.5', '0.500'],
    ['3.', '3.000'],
    [' 18450 ', '18450.000'],
    ['-0', '0.000'],
    ['99999999999.999', '99999999999.999'],
  ])('reads %j as %s', (input, expected) => {
    expect(value(parseDecimal(input, 14, 3))).toBe(expected);
  });

  it.each([
    ['abc', 'A valid number is required.'],
    ['1e5', 'A valid number is required.'],
    [1e21, 'A valid number is required.'],
    ['', 'A valid number is required.'],
    ['.', 'A valid number is required.'],
    ['1,5', 'A valid number is required.'],
    [Number.NaN, 'A valid number is required.'],
    [true, 'A valid number is required.'],
    ['-1', 'Ensure this value is greater than or equal to 0.'],
    ['1.2345', 'Ensure that there are no more than 3 decimal places.'],
    [0.1 + 0.2, 'Ensure that there are no more than 3 decimal places.'],
    ['123456789012.555', 'Ensure that there are no more than 14 digits in total.'],
    ['123456789012', 'Ensure that there are no more than 11 digits before the decimal point.'],
  ])('refuses %j', (input, message) => {
    expect(value(parseDecimal(input, 14, 3))).toBe(`error: ${message}`);
  });

  it('takes negatives only when allowed', () => {
    expect(value(parseDecimal('-2.5', 14, 3, { allowNegative: true }))).toBe('-2.500');
  });
});

describe('compareDecimal', () => {
  it('orders exactly, without floats', () => {
    expect(compareDecimal('10.000', '9.999')).toBeGreaterThan(0);
    expect(compareDecimal('9.999', '10.000')).toBeLessThan(0);
    expect(compareDecimal('1.5', '1.500')).toBe(0);
    expect(compareDecimal('-2.000', '1.000')).toBeLessThan(0);
    expect(compareDecimal('-2.000', '-1.000')).toBeLessThan(0);
    expect(compareDecimal('99999999999.999', '99999999999.998')).toBeGreaterThan(0);
  });
});

describe('dates and times', () => {
  it('reads calendar dates and refuses impossible ones by name', () => {
    expect(value(parseDateOnly('2026-11-22'))).toBe('2026-11-22');
    expect(value(parseDateOnly('2024-02-29'))).toBe('2024-02-29');
    expect(value(parseDateOnly('2026-02-30'))).toBe('error: Enter a valid date: 2026-02-30 does not exist.');
    expect(value(parseDateOnly('2026-13-01'))).toBe('error: Enter a valid date.');
    expect(value(parseDateOnly('22/11/2026'))).toBe('error: Enter a valid date.');
    expect(value(parseDateOnly('2026-11-22T10:00'))).toBe('error: Enter a valid date.');
  });

  it.each([
    ['2026-11-22T10:15', '2026-11-22T10:15:00.000Z'],
    ['2026-11-22T10:15:30', '2026-11-22T10:15:30.000Z'],
    ['2026-11-22 10:15:30.5', '2026-11-22T10:15:30.500Z'],
    ['2026-11-22T10:15:30.123456Z', '2026-11-22T10:15:30.123Z'],
    ['2026-11-22T10:15+01:00', '2026-11-22T09:15:00.000Z'],
    ['2026-11-22T00:30:00-0300', '2026-11-22T03:30:00.000Z'],
    ['2026-12-31T23:30:00-01:00', '2027-01-01T00:30:00.000Z'],
  ])('reads the date-time %s', (input, expected) => {
    expect(value(parseDateTime(input))).toBe(expected);
  });

  it.each([
    ['2026-02-30T10:00', 'Enter a valid date: 2026-02-30 does not exist.'],
    ['2026-11-22T24:00', 'Enter a valid date/time.'],
    ['2026-11-22T10:60', 'Enter a valid date/time.'],
    ['2026-11-22', 'Enter a valid date/time.'],
    ['yesterday', 'Enter a valid date/time.'],
    ['0001-01-01T00:00', 'Enter a valid date/time.'],
  ])('refuses the date-time %s', (input, message) => {
    expect(value(parseDateTime(input))).toBe(`error: ${message}`);
  });

  it('reads times of day in minutes', () => {
    expect(value(parseTimeOfDay('08:30'))).toBe('08:30');
    expect(value(parseTimeOfDay('23:59:59'))).toBe('23:59');
    expect(value(parseTimeOfDay('24:00'))).toBe('error: Enter a valid time.');
    expect(value(parseTimeOfDay('8:30'))).toBe('error: Enter a valid time.');
  });
});

describe('parseInteger', () => {
  it('reads whole numbers given as numbers or digits', () => {
    expect(value(parseInteger(7))).toBe(7);
    expect(value(parseInteger('12'))).toBe(12);
    expect(value(parseInteger(0))).toBe(0);
  });

  it('refuses fractions, negatives and overflow', () => {
    expect(value(parseInteger(2.5))).toBe('error: A valid integer is required.');
    expect(value(parseInteger('2.0'))).toBe('error: A valid integer is required.');
    expect(value(parseInteger(-1))).toBe('error: Ensure this value is greater than or equal to 0.');
    expect(value(parseInteger(2 ** 31))).toBe(
      'error: Ensure this value is less than or equal to 2147483647.',
    );
  });
});

describe('sameValue (the tablet and the server judge a change alike)', () => {
  it('compares date-times as instants and decimals as numbers', () => {
    expect(sameValue('2026-03-01T10:00:00Z', '2026-03-01T12:00:00.000+02:00')).toBe(true);
    expect(sameValue('2026-03-01T10:00:00Z', '2026-03-01T10:00:01Z')).toBe(false);
    expect(sameValue('12.50', '12.5')).toBe(true);
    expect(sameValue('120', '12.0')).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue('a', null)).toBe(false);
  });
});
