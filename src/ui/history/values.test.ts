import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { valueText } from './values';

const t = ((key: string) => key) as unknown as TFunction;
const names = new Map<string, string>();

describe("a history's values in words", () => {
  it('writes a weight as the user reads numbers, thousands grouped (it showed 14990.000)', () => {
    expect(valueText(t, 'packing-list', 'net_weight', '14990.000', names, 'es')).toBe('14.990');
    expect(valueText(t, 'packing-list', 'net_weight', '1250.500', names, 'es')).toBe('1.250,5');
    expect(valueText(t, 'packing-list', 'net_weight', '1250.500', names, 'en')).toBe('1,250.5');
  });

  it("keeps a decimal's own places (a position's six), and a value it cannot read as it came", () => {
    expect(valueText(t, 'attachment', 'capture_latitude', '43.123456', names, 'es')).toBe('43,123456');
    expect(valueText(t, 'packing-list', 'net_weight', 'heavy', names, 'en')).toBe('heavy');
  });

  it('leaves whole numbers that name things (a gang, a hold) as they are', () => {
    expect(valueText(t, 'hand', 'gang_no', 1234, names, 'es')).toBe('1234');
    expect(valueText(t, 'packing-list', 'net_weight', null, names, 'es')).toBe('history:empty');
  });
});
