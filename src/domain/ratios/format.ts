// Display of ratio values: hours and tonnes to 2 decimals, a missing ratio as '—'.

/** What a ratio over zero time shows. */
export const NO_VALUE = '—';

/** Rounds half away from zero to 2 decimals (hours and ratios are floats: 1.005 h is 1.01). */
export function round2(value: number): number {
  const scaled = Math.round(Math.abs(value) * 100 + 1e-9) / 100;
  return value < 0 ? -scaled : scaled;
}

/**
 * A value with 2 decimals ('12.50'), or '—' for null. Screens write it in the user's language through
 * src/domain/numbers.ts (src/features/summary/two.ts), which groups thousands as Intl alone does not in Spanish.
 */
export function format2(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  return round2(value).toFixed(2);
}
