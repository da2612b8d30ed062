import { describe, expect, it } from 'vitest';
import type { RowOfResource } from '../../store/schema';
import { emptyFilters, matches } from './filters';
import { hasDamageCheckboxes, hasDamageOptions, hasLabelColors, packingPayload } from './rules';

describe('packing detail rules', () => {
  it('shows each part for its commodities only', () => {
    const table = (['coil', 'granite', 'aluminium', 'other'] as const).map((code) => [
      code,
      hasDamageOptions(code),
      hasDamageCheckboxes(code),
      hasLabelColors(code),
    ]);
    expect(table).toEqual([
      ['coil', true, true, false],
      ['granite', true, false, false],
      ['aluminium', false, false, true],
      ['other', false, false, false],
    ]);
  });

  it('empties what the commodity does not take and never sends the read-only fields', () => {
    const typed = {
      id: 'x',
      reference: 'A-1',
      label_color: ['gold'],
      damage: ['wrapping'],
      other_damage: 'Dent',
      validated: true,
      validation_datetime: '2026-11-20T08:00:00Z',
    };
    expect(packingPayload(typed, 'granite', 'p')).toEqual({
      id: 'x',
      reference: 'A-1',
      project: 'p',
      label_color: [],
      damage: [],
      other_damage: 'Dent',
    });
    expect(packingPayload(typed, 'aluminium', 'p')).toMatchObject({
      label_color: ['gold'],
      damage: [],
      other_damage: null,
    });
  });
});

describe('packing filters', () => {
  const row = (values: Record<string, unknown>) => ({ id: '1', ...values }) as RowOfResource<'packing-list'>;
  it('matches reference text anywhere, any case, and the validated date range', () => {
    const test = matches({
      ...emptyFilters,
      reference: 'x-1',
      validation_datetime_after: '2026-11-20T00:00:00Z',
      validation_datetime_before: '2026-11-21T00:00:00Z',
    });
    expect(test(row({ reference: 'CX-10', validation_datetime: '2026-11-20T10:00:00Z' }))).toBe(true);
    expect(test(row({ reference: 'CX-10', validation_datetime: '2026-11-22T10:00:00Z' }))).toBe(false);
    expect(test(row({ reference: 'CX-10', validation_datetime: null }))).toBe(false);
    expect(test(row({ reference: 'AB-2', validation_datetime: '2026-11-20T10:00:00Z' }))).toBe(false);
  });
  it('the validated checkbox keeps validated items only', () => {
    const test = matches({ ...emptyFilters, validated: true });
    expect(test(row({ validated: true }))).toBe(true);
    expect(test(row({ validated: false }))).toBe(false);
  });
});
