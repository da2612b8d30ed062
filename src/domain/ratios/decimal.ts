// Exact decimal sums for weights and quantities: decimal text is read as an integer count of
// thousandths (grams for kg), added as bigint, and printed back with half-up rounding. Summing
// 20,000 weights as floats would drift in the last decimals.

/** Thousandths in one unit: the stored decimals have 3 places (numeric(14,3)). */
export const MILLI = 1000n;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * A decimal text ('12.5', '12.500', '-0.25') as thousandths; digits past the third decimal round
 * half up (away from zero). Null, blank or unreadable text counts as zero.
 */
export function toMilli(text: string | null | undefined): bigint {
  if (text === null || text === undefined) return 0n;
  const match = DECIMAL.exec(text.trim());
  if (!match) return 0n;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return 0n;
  let value = BigInt(whole || '0') * MILLI + BigInt(fraction.slice(0, 3).padEnd(3, '0'));
  if ((fraction[3] ?? '0') >= '5') value += 1n;
  return sign === '-' ? -value : value;
}

/** `value / 10^scale` as text with `decimals` places, rounded half up (away from zero). */
export function formatScaled(value: bigint, scale: number, decimals: number): string {
  const negative = value < 0n;
  let magnitude = negative ? -value : value;
  if (decimals < scale) {
    const divisor = 10n ** BigInt(scale - decimals);
    magnitude = (magnitude + divisor / 2n) / divisor;
  } else if (decimals > scale) {
    magnitude *= 10n ** BigInt(decimals - scale);
  }
  const digits = magnitude.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const text = decimals > 0 ? `${whole}.${digits.slice(digits.length - decimals)}` : whole;
  return negative && magnitude !== 0n ? `-${text}` : text;
}

/** Thousandths as a decimal text with 3 places ('1234.500'). */
export const milliToText = (value: bigint): string => formatScaled(value, 3, 3);

/** Grams (thousandths of a kg) as metric tonnes with 2 decimals ('12.35'). */
export const gramsToTonsText = (grams: bigint): string => formatScaled(grams, 6, 2);

/** Grams as tonnes for ratios and charts (one conversion of an exact sum, so no drift). */
export const gramsToTons = (grams: bigint): number => Number(grams) / 1_000_000;
