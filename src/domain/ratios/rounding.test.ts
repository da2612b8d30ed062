import { describe, expect, it } from 'vitest';
import { apportion, hoursAddingUp } from './rounding';

describe('apportion (largest remainder)', () => {
  it('rounds rows so they add up to the rounded total', () => {
    // 3.335 t + 2.885 t: alone 3.34 + 2.89 = 6.23, but the total rounds to 6.22.
    const steps = apportion([3_335_000n, 2_885_000n], 10_000n);
    expect(steps).toEqual([334n, 288n]);
    expect((steps[0] ?? 0n) + (steps[1] ?? 0n)).toBe(622n);
  });

  it('gives the extra step to the largest remainder, the earlier row on a tie', () => {
    expect(apportion([1n, 1n, 1n], 3n)).toEqual([1n, 0n, 0n]);
    expect(apportion([10n, 25n, 25n], 10n)).toEqual([1n, 3n, 2n]);
  });

  it('meets a target given from elsewhere, up or down', () => {
    expect(apportion([15n, 15n], 10n, 2n)).toEqual([1n, 1n]);
    expect(apportion([15n, 15n], 10n, 4n)).toEqual([2n, 2n]);
  });

  it('keeps a hold list that adds up to its total in the example of the issue', () => {
    // Hold tonnes of 6,224.405 kg spread so that one rounded alone would make the sum 6,224.41.
    const holds = [1_244_881_000n, 1_244_881_000n, 1_244_881_000n, 1_244_881_000n, 1_244_881_000n];
    const total = holds.reduce((sum, value) => sum + value, 0n);
    const steps = apportion(holds, 10_000n);
    expect(steps.reduce((sum, value) => sum + value, 0n)).toBe((total + 5_000n) / 10_000n);
  });

  it('turns lengths of time into hours that add up', () => {
    const third = 20 * 60_000; // 20 minutes
    expect(hoursAddingUp([third, third, third])).toEqual([0.34, 0.33, 0.33]);
  });
});
