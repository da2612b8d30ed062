// ISO 6346 container numbers: owner code (3 letters), category (U, J or Z), serial (6 digits) and a
// check digit computed from the first ten characters. Reports warn on a bad number, never refuse it.

import { messages } from './messages';
import type { Parsed } from './values';

type ContainerNumberProblem = 'format' | 'category' | 'check_digit';

export interface ContainerNumberCheck {
  /** Upper-cased, without spaces, dashes or slashes ('MSCU 123456-5' -> 'MSCU1234565'). */
  normalized: string;
  valid: boolean;
  /** Why it is not valid; null when valid. */
  problem: ContainerNumberProblem | null;
  owner: string | null;
  category: string | null;
  serial: string | null;
  check_digit: number | null;
  /** The check digit the first ten characters call for, when they are well formed. */
  expected_check_digit: number | null;
}

/** Letter values skip the multiples of 11 (A=10, B=12 ... K=21, L=23 ... U=32, V=34 ... Z=38). */
function letterValue(letter: string): number {
  let value = 10;
  for (let code = 'A'.charCodeAt(0); code < letter.charCodeAt(0); code++) {
    value++;
    if (value % 11 === 0) value++;
  }
  return value;
}

/** The check digit of the first ten characters (owner, category, serial); 10 counts as 0. */
export function containerCheckDigit(firstTen: string): number {
  let sum = 0;
  for (let position = 0; position < 10; position++) {
    const char = firstTen.charAt(position);
    const value = /\d/.test(char) ? Number(char) : letterValue(char);
    sum += value * 2 ** position;
  }
  return (sum % 11) % 10;
}

const SHAPE = /^([A-Z]{3})([A-Z])(\d{6})(\d)$/;

export function checkContainerNumber(input: string): ContainerNumberCheck {
  const normalized = input.toUpperCase().replace(/[\s\-/.]/g, '');
  const match = SHAPE.exec(normalized);
  if (!match)
    return {
      normalized,
      valid: false,
      problem: 'format',
      owner: null,
      category: null,
      serial: null,
      check_digit: null,
      expected_check_digit: null,
    };
  const [, owner = '', category = '', serial = '', digit = ''] = match;
  const expected = containerCheckDigit(normalized.slice(0, 10));
  const problem = !'UJZ'.includes(category) ? 'category' : Number(digit) !== expected ? 'check_digit' : null;
  return {
    normalized,
    valid: problem === null,
    problem,
    owner,
    category,
    serial,
    check_digit: Number(digit),
    expected_check_digit: expected,
  };
}

/**
 * An ISO 6346 size and type code: length and height (two characters, digits or letters: 22 = 20 ft x
 * 8 ft 6 in, 45 = 40 ft x 9 ft 6 in, L5 = 45 ft high-cube) and type (a letter and a digit or letter:
 * G1 general purpose, R1 reefer, U1 open top). Upper-cased, spaces dropped.
 */
export function parseSizeType(input: string): Parsed<string> {
  const code = input.replace(/\s/g, '').toUpperCase();
  return /^[0-9A-Z]{2}[A-Z][0-9A-Z]$/.test(code)
    ? { ok: true, value: code }
    : { ok: false, message: messages.sizeType };
}
