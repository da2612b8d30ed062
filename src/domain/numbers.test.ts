import { describe, expect, it } from 'vitest';
import { formatKg, formatNumber, formatTwo, formatUnits } from './numbers';

describe('numbers in the user language', () => {
  it('groups thousands and writes decimals as each language does, four-digit numbers included', () => {
    expect(formatKg('14990.000', 'es')).toBe('14.990 kg');
    expect(formatKg('14990.000', 'en')).toBe('14,990 kg');
    expect(formatNumber('1250.5', 'es')).toBe('1.250,5');
    expect(formatNumber('1250.5', 'en')).toBe('1,250.5');
  });

  it('counts units without decimals and shows tonnes with two', () => {
    expect(formatUnits('1.000', 'es')).toBe('1');
    expect(formatUnits(1500, 'es')).toBe('1.500');
    expect(formatTwo('2294.375', 'es')).toBe('2.294,38');
    expect(formatTwo(240, 'en')).toBe('240.00');
  });

  it('shows nothing for an empty or unreadable value', () => {
    expect(formatUnits(null, 'en')).toBe('');
    expect(formatKg('', 'en')).toBe('');
    expect(formatTwo('heavy', 'en')).toBe('');
  });

  it('writes small whole numbers exactly as Intl does, without loading it', () => {
    for (const language of ['en', 'es']) {
      const intl = new Intl.NumberFormat(language, {
        minimumFractionDigits: 0,
        maximumFractionDigits: 3,
        useGrouping: 'always',
      });
      for (const value of [0, -0, 1, 7, -25, 100, 999, -999, 1000, 2.5, 999.5, '42', '42.000']) {
        expect(formatNumber(value, language)).toBe(intl.format(Number(value)));
      }
    }
    expect(formatUnits(999, 'es')).toBe('999');
    expect(formatTwo(5, 'es')).toBe('5,00');
  });
});
