import { describe, expect, it } from 'vitest';
import { formatTwoOrNone } from './two';

describe("the summary's hours, tonnes and ratios", () => {
  it('groups thousands in Spanish too (it wrote 1234,50) and rounds as the reports do', () => {
    expect(formatTwoOrNone(1234.5, 'es')).toBe('1.234,50');
    expect(formatTwoOrNone(1234.5, 'en')).toBe('1,234.50');
    expect(formatTwoOrNone(1.005, 'es')).toBe('1,01');
    expect(formatTwoOrNone(-2 / 3, 'en')).toBe('-0.67');
  });

  it('shows a ratio over no time as a dash', () => {
    expect(formatTwoOrNone(null, 'es')).toBe('—');
    expect(formatTwoOrNone(Number.POSITIVE_INFINITY, 'en')).toBe('—');
  });
});
