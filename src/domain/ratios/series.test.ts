import { describe, expect, it } from 'vitest';
import { formatScaled, toMilli } from './decimal';
import { at, hand, ids, input, item, stoppage } from './fixtures';
import { format2, round2 } from './format';
import { intersect, union } from './intervals';
import { callSeries } from './series';

const night = input({
  hands: [hand('h1', at(20, 20), at(21, 2)), hand('h2', at(21, 6), at(21, 12))],
  events: [stoppage('rain', ids.rain, at(21, 0), at(21, 8))],
  packingList: [
    item({ validation_hand: 'h1', net_weight: '1500.000', validation_datetime: at(20, 21, 30) }),
    item({ validation_hand: 'h2', net_weight: '2000.500', validation_datetime: at(21, 9, 15) }),
    item({ validation_hand: 'h2', net_weight: '2000.500', validation_datetime: at(21, 9, 45) }),
  ],
});

describe('callSeries', () => {
  it('puts tonnes in their hour and lists the stoppages', () => {
    const series = callSeries(night);
    expect(series.bucket_hours).toBe(1);
    expect(series.points[0]?.start).toBe(at(20, 20));
    expect(series.points).toHaveLength(16);
    expect(series.points.find((point) => point.start === at(21, 9))).toEqual({
      start: at(21, 9),
      tons: 4.001,
      units: 2,
    });
    expect(series.stoppages).toEqual([{ start: at(21, 0), end: at(21, 8), attribution: 'weather' }]);
  });
});

describe('helpers', () => {
  it('merges and intersects spans', () => {
    expect(
      union([
        [5, 8],
        [1, 3],
        [2, 4],
        [8, 9],
      ]),
    ).toEqual([
      [1, 4],
      [5, 9],
    ]);
    expect(
      intersect(
        [
          [1, 4],
          [5, 9],
        ],
        [[3, 6]],
      ),
    ).toEqual([
      [3, 4],
      [5, 6],
    ]);
  });

  it('reads and prints decimals exactly', () => {
    expect(toMilli('12.5')).toBe(12_500n);
    expect(toMilli('1.0005')).toBe(1_001n);
    expect(toMilli(null)).toBe(0n);
    expect(formatScaled(-1_235n, 3, 2)).toBe('-1.24');
    expect(formatScaled(4n, 3, 2)).toBe('0.00');
  });

  it('shows 2 decimals, and — for no value', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(format2(2 / 3)).toBe('0.67');
    expect(format2(null)).toBe('—');
    expect(format2(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
