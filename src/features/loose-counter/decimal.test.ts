import { describe, expect, it } from 'vitest';
import { parseQuantity } from './decimal';

describe('parseQuantity', () => {
  it('keeps decimals as text with three places', () => {
    expect(parseQuantity('12')).toBe('12.000');
    expect(parseQuantity('0,1')).toBe('0.100');
    expect(parseQuantity(' 007.25 ')).toBe('7.250');
    expect(parseQuantity('0.1')).toBe('0.100');
  });
  it('refuses what is not a decimal', () => {
    for (const bad of ['', 'abc', '-1', '1.2345', '1e3', '1.2.3']) expect(parseQuantity(bad)).toBeNull();
  });
});
