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
});
