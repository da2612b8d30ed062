import { describe, expect, it } from 'vitest';
import { sameValue } from './input';
import { messages } from './messages';
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
    ['abc', messages.number],
    ['1e5', messages.number],
    [1e21, messages.number],
    ['', messages.number],
    ['.', messages.number],
    ['1,5', messages.number],
    [Number.NaN, messages.number],
    [true, messages.number],
    ['-1', messages.minValue(0)],
    ['1.2345', messages.maxDecimalPlaces(3)],
    [0.1 + 0.2, messages.maxDecimalPlaces(3)],
    ['123456789012.555', messages.maxDigits(14)],
    ['123456789012', messages.maxWholeDigits(11)],
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
    expect(value(parseDateOnly('2026-02-30'))).toBe(`error: ${messages.noSuchDate('2026-02-30')}`);
    expect(value(parseDateOnly('2026-13-01'))).toBe(`error: ${messages.date}`);
    expect(value(parseDateOnly('22/11/2026'))).toBe(`error: ${messages.date}`);
    expect(value(parseDateOnly('2026-11-22T10:00'))).toBe(`error: ${messages.date}`);
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
    ['2026-02-30T10:00', messages.noSuchDate('2026-02-30')],
    ['2026-11-22T24:00', messages.dateTime],
    ['2026-11-22T10:60', messages.dateTime],
    ['2026-11-22', messages.dateTime],
    ['yesterday', messages.dateTime],
    ['0001-01-01T00:00', messages.dateTime],
  ])('refuses the date-time %s', (input, message) => {
    expect(value(parseDateTime(input))).toBe(`error: ${message}`);
  });

  it('reads times of day in minutes', () => {
    expect(value(parseTimeOfDay('08:30'))).toBe('08:30');
    expect(value(parseTimeOfDay('23:59:59'))).toBe('23:59');
    expect(value(parseTimeOfDay('24:00'))).toBe(`error: ${messages.time}`);
    expect(value(parseTimeOfDay('8:30'))).toBe(`error: ${messages.time}`);
  });
});

describe('parseInteger', () => {
  it('reads whole numbers given as numbers or digits', () => {
    expect(value(parseInteger(7))).toBe(7);
    expect(value(parseInteger('12'))).toBe(12);
    expect(value(parseInteger(0))).toBe(0);
  });

  it('refuses fractions, negatives and overflow', () => {
    expect(value(parseInteger(2.5))).toBe(`error: ${messages.integer}`);
    expect(value(parseInteger('2.0'))).toBe(`error: ${messages.integer}`);
    expect(value(parseInteger(-1))).toBe(`error: ${messages.minValue(0)}`);
    expect(value(parseInteger(2 ** 31))).toBe(`error: ${messages.maxValue(2147483647)}`);
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
