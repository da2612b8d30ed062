import { describe, expect, it } from 'vitest';
import { checkContainerNumber, containerCheckDigit } from './iso6346';

describe('ISO 6346 container numbers', () => {
  it('computes the check digit of known numbers', () => {
    // The standard's own example, and numbers from container doors.
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    expect(containerCheckDigit('MSKU907032')).toBe(3);
    // By hand: 31*1 + 17*2 + 18*4 + 32*8 + 1*16 + 2*32 + 3*64 + 4*128 + 5*256 + 6*512 = 5529; 5529 mod 11 = 7.
    expect(containerCheckDigit('TGHU123456')).toBe(7);
  });

  it('accepts a good number written with spaces and dashes', () => {
    expect(checkContainerNumber('csqu 305438-3')).toMatchObject({
      normalized: 'CSQU3054383',
      valid: true,
      problem: null,
      owner: 'CSQ',
      category: 'U',
      serial: '305438',
      check_digit: 3,
    });
  });

  it('names a wrong check digit, with the expected one', () => {
    expect(checkContainerNumber('CSQU3054384')).toMatchObject({
      valid: false,
      problem: 'check_digit',
      check_digit: 4,
      expected_check_digit: 3,
    });
  });

  it('names a wrong shape or category', () => {
    expect(checkContainerNumber('CSQ305438').problem).toBe('format');
    expect(checkContainerNumber('').problem).toBe('format');
    expect(checkContainerNumber('CSQX3054383').problem).toBe('category');
  });
});
