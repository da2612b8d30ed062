// How the tally reads a label: a regular expression per project (project.scan_pattern) whose named groups
// say where the reference is (a group whose name starts with `ref`) and, optionally, the weight
// (`weight…`, with `unit…` = kg | t, or `decimals…` = implied decimals as in GS1's AI 310n). Empty: the
// default below, which reads the usual forms: `key: value` texts and JSON (REF:, COIL NO:, Bobina:,
// Lote:…; NET WT:, Peso neto:…) and GS1 element strings ((21) serial, (10) batch, (310n) net kg).
// A label none of whose groups matches is read whole (a plain Code 128 coil number).
//
// The pattern is checked where it is typed and again by the server, which never runs it on data: it must
// compile, name a `ref` group, stay under SCAN_PATTERN_MAX characters, and carry nothing that makes a
// regular expression backtrack for ever (a repeated group holding a repetition or a choice, as in
// `(a+)+` or `(a|ab)*`; a back-reference; more than LONG_REPEATS_PER_BRANCH long repetitions in one
// branch). Labels are read at most LABEL_MAX characters long.
import { messages } from './messages';
import type { Parsed } from './values';

export const SCAN_PATTERN_MAX = 1000;
export const LABEL_MAX = 512;
/** Percent by which a label's weight may differ from the packing list's before the tally warns. */
export const DEFAULT_WEIGHT_TOLERANCE = 2;
const SCAN_FLAGS = 'gim';
const LONG_REPEATS_PER_BRANCH = 4;
/** A repetition counts as long past this many times (or unbounded). */
const LONG = 10;

const REF_KEYS =
  'ref(?:erence|erencia)?|coil|bobina|bundle|paquete|package|pkg|bulto|ingot|lingote|block|bloque|slab|plancha|piece|pieza|serial|s/?n|lot|lote';
const NUMBER_WORDS = 'no|nr|n[º°o]|num(?:ber|ero)?|número|id|code|c[oó]digo';
const WEIGHT_KEYS =
  'net(?:[ ._-]{0,2}(?:wt|weight|mass|kgs?))?|n\\.?w\\.?|weight|wt|peso(?:[ ._-]{0,2}neto)?|p\\.?n\\.?|kgs?';
const EDGE = '(?:^|[^a-z0-9])';
const SEPARATOR = `\\.?["']?[ \\t]{0,3}`;

/** The default rule: GS1 serial or batch, GS1 net weight, a keyed reference, a keyed weight. */
export const DEFAULT_SCAN_PATTERN = [
  '\\((?:21|10)\\)(?<ref_gs1>[^()\\x1d]{1,20})',
  '\\(310(?<decimals_gs1>[0-5])\\)(?<weight_gs1>\\d{6})',
  `${EDGE}(?:(?:${NUMBER_WORDS})\\.?[ _-]{0,2}(?:de[ _])?)?(?:${REF_KEYS})(?:[ ._-]{0,2}(?:${NUMBER_WORDS}))?${SEPARATOR}[:=#][ \\t]{0,3}["']?(?<ref>[a-z0-9][a-z0-9._/-]{0,59})`,
  `${EDGE}(?:${WEIGHT_KEYS})${SEPARATOR}[:=#]?[ \\t]{0,3}["']?(?<weight>\\d{1,3}(?:[ \\u00a0\\u202f.,]\\d{3}){1,4}(?:[.,]\\d{1,3})?|\\d{1,9}(?:[.,]\\d{1,3})?)[ \\t]{0,2}(?<unit>kgs?|t|mt|tons?)?(?![a-z])`,
].join('|');

/** The project's rule, or the default when it has none. */
export function compileScanPattern(pattern: string | null | undefined): RegExp {
  return new RegExp(pattern?.trim() ? pattern : DEFAULT_SCAN_PATTERN, SCAN_FLAGS);
}

interface Group {
  repeats: boolean;
  branches: boolean;
}

/** How many times a quantifier repeats at most: `?` once, `*` `+` `{n,}` without end, `{n}` and `{n,m}`. */
function timesAtMost(whole: string, least?: string, comma?: string, most?: string): number {
  if (whole === '?') return 1;
  if (whole === '*' || whole === '+') return Number.POSITIVE_INFINITY;
  if (comma === undefined) return Number(least);
  return most ? Number(most) : Number.POSITIVE_INFINITY;
}

/** Why a pattern could backtrack for ever, or null. A scan of the pattern's text, never a run of it. */
function backtrackingRisk(pattern: string): string | null {
  const stack: Group[] = [];
  let longInBranch = 0;
  // What the last atom was: a group just closed (with what it holds), or anything else.
  let lastGroup: Group | null = null;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') {
      const next = pattern[index + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return messages.scanPatternBackReference;
      index++;
      lastGroup = null;
      continue;
    }
    if (char === '[') {
      for (index++; index < pattern.length && pattern[index] !== ']'; index++)
        if (pattern[index] === '\\') index++;
      lastGroup = null;
      continue;
    }
    if (char === '(') {
      stack.push({ repeats: false, branches: false });
      if (pattern[index + 1] === '?') {
        // (?: (?= (?! (?<= (?<! (?<name>
        index++;
        if (pattern[index + 1] === '<' && !/[=!]/.test(pattern[index + 2] ?? '')) {
          const end = pattern.indexOf('>', index);
          if (end > 0) index = end;
        } else index++;
      }
      lastGroup = null;
      continue;
    }
    if (char === ')') {
      lastGroup = stack.pop() ?? null;
      continue;
    }
    if (char === '|') {
      const current = stack.at(-1);
      if (current) current.branches = true;
      else longInBranch = 0;
      lastGroup = null;
      continue;
    }
    const quantifier = /^(?:[*+?]|\{(\d+)(,(\d*))?\})/.exec(pattern.slice(index));
    if (!quantifier) {
      lastGroup = null;
      continue;
    }
    const whole = quantifier[0];
    const comma = quantifier[2];
    const most = timesAtMost(whole, quantifier[1], comma, quantifier[3]);
    if (most > 1 && lastGroup && (lastGroup.repeats || lastGroup.branches)) return messages.scanPatternNested;
    if (most > LONG && ++longInBranch > LONG_REPEATS_PER_BRANCH) return messages.scanPatternTooManyRepeats;
    // `{n}` is n copies, never a choice of how many: it makes nothing ambiguous.
    if (comma !== undefined || !whole.startsWith('{')) for (const open of stack) open.repeats = true;
    index += whole.length - 1;
    // A lazy or possessive mark after a quantifier is part of it.
    if (pattern[index + 1] === '?') index++;
    lastGroup = null;
  }
  return null;
}

/** A project's scan pattern as typed: checked (see above), kept as it was typed. */
export function parseScanPattern(input: string): Parsed<string> {
  const pattern = input.trim();
  if (pattern.length > SCAN_PATTERN_MAX) return { ok: false, message: messages.maxLength(SCAN_PATTERN_MAX) };
  let compiled: RegExp;
  try {
    compiled = new RegExp(pattern, SCAN_FLAGS);
  } catch {
    return { ok: false, message: messages.scanPatternInvalid };
  }
  if (!/\(\?<ref\w*>/.test(compiled.source)) return { ok: false, message: messages.scanPatternNoRef };
  const risk = backtrackingRisk(pattern);
  if (risk) return { ok: false, message: risk };
  return { ok: true, value: pattern };
}
