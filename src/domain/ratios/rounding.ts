// Rounding rows so that they add up to their rounded total (largest remainder, Hamilton's method):
// hold tonnes of 3.335 + 2.885 are 3.34 + 2.88 = 6.22, the total's rounding, not 3.34 + 2.89 = 6.23.
// Every table of the reports and the summary modal rounds its rows this way, so a column's total is
// always the sum of the rows shown.

/** `value / step` rounded half up (values are never negative here). */
function roundedSteps(value: bigint, step: bigint): bigint {
  return (value + step / 2n) / step;
}

/**
 * Each value as a whole number of `step`s (step: what one unit of the last decimal is worth, e.g.
 * 10,000 g for hundredths of a tonne), so that they add up to `target` steps (by default the rounded
 * sum). Each row is its exact value rounded down or up; the rows with the largest remainders go up,
 * the earlier row first on a tie. Negative values are rounded alone.
 */
export function apportion(values: readonly bigint[], step: bigint, target?: bigint): bigint[] {
  if (values.some((value) => value < 0n)) return values.map((value) => roundedSteps(value, step));
  const floors = values.map((value) => value / step);
  let sum = 0n;
  for (const value of values) sum += value;
  let left = (target ?? roundedSteps(sum, step)) - floors.reduce((total, floor) => total + floor, 0n);
  const order = values
    .map((value, index) => ({ index, remainder: value % step }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = [...floors];
  for (const { index } of order) {
    if (left <= 0n) break;
    result[index] = (result[index] ?? 0n) + 1n;
    left -= 1n;
  }
  // A target below the floors' sum (a total rounded elsewhere): the smallest remainders go down.
  for (const { index } of [...order].reverse()) {
    if (left >= 0n) break;
    if ((result[index] ?? 0n) > 0n) {
      result[index] = (result[index] ?? 0n) - 1n;
      left += 1n;
    }
  }
  return result;
}

/** Milliseconds in a hundredth of an hour: the step hours are shown in. */
const HUNDREDTH_HOUR_MS = 36_000n;

/** Hours of each span length (ms), to 2 decimals, adding up to the rounded total. */
export function hoursAddingUp(milliseconds: readonly number[]): number[] {
  return apportion(
    milliseconds.map((ms) => BigInt(Math.round(ms))),
    HUNDREDTH_HOUR_MS,
  ).map((steps) => Number(steps) / 100);
}
