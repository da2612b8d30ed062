import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { compileScanPattern, DEFAULT_SCAN_PATTERN, parseScanPattern, SCAN_PATTERN_MAX } from './scan-rule';

const refused = (pattern: string) => {
  const result = parseScanPattern(pattern);
  return result.ok ? null : result.message;
};

describe('a project scan pattern', () => {
  it('takes the default rule and usual project rules as typed', () => {
    expect(parseScanPattern(DEFAULT_SCAN_PATTERN)).toEqual({ ok: true, value: DEFAULT_SCAN_PATTERN });
    for (const pattern of [
      '^S(?<ref>\\d{10})$',
      'COIL[ :]*(?<ref>[A-Z0-9]+)|NET (?<weight>[\\d.,]+) ?(?<unit>kg|t)',
      '\\(21\\)(?<ref_serial>[^(]+)',
      '(?<=ID=)(?<ref>\\w{6,12})',
      '(?:REF|REFERENCIA)\\s*:\\s*(?<ref>\\S+)',
    ])
      expect(parseScanPattern(` ${pattern} `), pattern).toEqual({ ok: true, value: pattern });
  });

  it('refuses what does not compile, names no reference, or is too long', () => {
    expect(refused('(?<ref>[A-Z')).toBe(messages.scanPatternInvalid);
    expect(refused('COIL: (\\w+)')).toBe(messages.scanPatternNoRef);
    expect(refused(`(?<ref>A)${'B'.repeat(SCAN_PATTERN_MAX)}`)).toBe(messages.maxLength(SCAN_PATTERN_MAX));
  });

  it('refuses what can backtrack for ever, reading the pattern only', () => {
    for (const pattern of [
      '(?<ref>(a+)+)$',
      '(?<ref>(?:\\w|\\d)*)x',
      '(?<ref>(a*){2,})',
      '(?<ref>([a-z]?){40})',
    ])
      expect(refused(pattern), pattern).toBe(messages.scanPatternNested);
    expect(refused('(?<ref>(a))\\1')).toBe(messages.scanPatternBackReference);
    expect(refused('(?<ref>a)\\k<ref>')).toBe(messages.scanPatternBackReference);
    expect(refused('(?<ref>\\d*\\d*\\d*\\d*\\d*)x')).toBe(messages.scanPatternTooManyRepeats);
    // Long repetitions in different alternatives do not add up; a class holding + or ( is no repetition.
    expect(refused('(?<ref>\\d+\\w+)|a+b+c+|[+*(]{2}(?<ref2>x)')).toBeNull();
  });

  it('compiles the default when the project has none', () => {
    expect(compileScanPattern(null).source).toBe(new RegExp(DEFAULT_SCAN_PATTERN).source);
    expect(compileScanPattern('  ').flags).toBe('gim');
    expect(compileScanPattern('^(?<ref>\\d+)$').source).toBe('^(?<ref>\\d+)$');
  });
});

describe('the default rule on hostile labels', () => {
  it('ends at once on long runs of what its repetitions read (it completes, so it cannot hang a tablet)', () => {
    const rule = compileScanPattern(null);
    for (const text of [
      `NET WT: ${'1 '.repeat(250)}`,
      `coil no${' '.repeat(500)}`,
      `REF:${'9'.repeat(500)}`,
      `${'net '.repeat(120)}x`,
      `(21)${'('.repeat(500)}`,
    ]) {
      rule.lastIndex = 0;
      expect([...text.slice(0, 512).matchAll(rule)].length).toBeGreaterThanOrEqual(0);
    }
  });
});
