// What a label says: the references to try against the packing list (best first) and the weight it
// states, read from the barcode's text with the project's scan rule (src/domain/scan-rule.ts).
import { LABEL_MAX } from '../../domain/scan-rule';
import { gs1Readable } from './gs1';

export interface LabelReading {
  /** The text as read (GS1 written out), for messages. */
  text: string;
  /** References to try, best first: the rule's `ref` groups in the order they appear, else the whole text. */
  candidates: string[];
  /** The weight the label states, in kg; null when it states none the rule finds. */
  weightKg: number | null;
}

/** Control characters other than tab and new line as spaces (the GS of GS1 is written out before this). */
function withoutControls(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    out += (code < 32 && code !== 9 && code !== 10) || code === 127 ? ' ' : char;
  }
  return out;
}
/** Fields of a label read whole, when the rule names no reference: `C24A0193|12450|H5521`. */
const FIELD_SEPARATORS = /[|;\t\r\n]+/;

const groupOf = (groups: Record<string, string | undefined>, prefix: string) =>
  Object.entries(groups).find(([name, value]) => name.startsWith(prefix) && value !== undefined)?.[1];

/**
 * A weight as printed, in kg: `12450`, `12,450 kg`, `12.450` (a separator followed by exactly three digits,
 * alone of its kind, groups thousands), `12 450`, `12.45 t`, `1.012 t` (in tonnes a lone separator is the decimal mark), `1.234,5`; with `decimals` (GS1 310n) the
 * digits carry that many implied decimals. Null when it is not a number.
 */
export function labelWeightKg(printed: string, unit?: string, decimals?: string): number | null {
  // A separator after the last digit ends a sentence or a field ('12450.5,"heat"'), not the number.
  const tonnes = /^(t|mt|tons?)$/i.test(unit ?? '');
  let digits = printed.replace(/[\s\u00a0\u202f]/g, '').replace(/[.,]+$/, '');
  if (decimals !== undefined) {
    if (!/^\d+$/.test(digits)) return null;
    return Number(digits) / 10 ** Number(decimals);
  }
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const grouping = decimal === ',' ? '.' : ',';
    digits = digits.split(grouping).join('').replace(decimal, '.');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const mark = lastComma >= 0 ? ',' : '.';
    const parts = digits.split(mark);
    // Tonnes are written with decimals (1.012 t); kilos group thousands (12.450 kg).
    const grouping = parts.length > 2 || (parts[1]?.length === 3 && !tonnes);
    digits = grouping ? parts.join('') : parts.join('.');
  }
  if (!/^\d+(\.\d+)?$/.test(digits)) return null;
  const value = Number(digits);
  return tonnes ? value * 1000 : value;
}

/** Reads a label's text with a compiled scan rule (flags gim). */
export function readLabel(raw: string, rule: RegExp): LabelReading {
  const text = withoutControls(gs1Readable(raw.slice(0, LABEL_MAX))).trim();
  const candidates: string[] = [];
  let weightKg: number | null = null;
  rule.lastIndex = 0;
  for (const match of text.matchAll(rule)) {
    const groups = match.groups ?? {};
    for (const [name, value] of Object.entries(groups))
      if (name.startsWith('ref') && value?.trim()) candidates.push(value.trim());
    const weight = groupOf(groups, 'weight');
    if (weightKg === null && weight !== undefined)
      weightKg = labelWeightKg(weight, groupOf(groups, 'unit'), groupOf(groups, 'decimals'));
  }
  if (candidates.length === 0 && text) {
    candidates.push(text);
    const fields = text.split(FIELD_SEPARATORS).map((field) => field.trim());
    if (fields.length > 1) candidates.push(...fields.filter((field) => field.length >= 3));
  }
  const seen = new Set<string>();
  return {
    text,
    candidates: candidates.filter((candidate) => {
      const key = candidate.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
    weightKg,
  };
}

export interface WeightMismatch {
  labelKg: number;
  listKg: number;
  /** How far apart, percent of the packing list's weight. */
  percent: number;
}

const kilos = (value: unknown) => {
  const number = typeof value === 'string' && value !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
};

/**
 * The label's weight against the item's net and gross weights: null when it is within `tolerance` percent
 * of either (labels print one or the other), or when either side has none.
 */
export function weightMismatch(
  labelKg: number | null,
  item: { net_weight?: unknown; gross_weight?: unknown },
  tolerance: number,
): WeightMismatch | null {
  if (labelKg === null) return null;
  const weights = [kilos(item.net_weight), kilos(item.gross_weight)].filter(
    (weight): weight is number => weight !== null,
  );
  if (weights.length === 0) return null;
  let closest: WeightMismatch | null = null;
  for (const listKg of weights) {
    const percent = (Math.abs(labelKg - listKg) / listKg) * 100;
    if (percent <= tolerance + 1e-9) return null;
    if (!closest || percent < closest.percent) closest = { labelKg, listKg, percent };
  }
  return closest;
}
