import { describe, expect, it } from 'vitest';
import type { SofContent } from '../../domain/sof/content';
import { totalsShown } from './totals';

const totals = (quantity: string, tons: string, worked: number, stopped: number): SofContent['totals'] => ({
  hours_worked: worked,
  hours_stopped: stopped,
  stopped_by: {} as SofContent['totals']['stopped_by'],
  quantity,
  tons,
});

describe("the statement's totals as the signers read them", () => {
  it('groups four-digit numbers in Spanish too (toLocaleString wrote 1500 there)', () => {
    expect(totalsShown(totals('1500.000', '1250.5', 1234.5, 6), 'es')).toEqual({
      worked: '1.234,50',
      stopped: '6,00',
      units: '1.500',
      tons: '1.250,50',
    });
    expect(totalsShown(totals('1500.000', '1250.5', 1234.5, 6), 'en')).toEqual({
      worked: '1,234.50',
      stopped: '6.00',
      units: '1,500',
      tons: '1,250.50',
    });
  });

  it('keeps a part unit as the statement has it', () => {
    expect(totalsShown(totals('2.500', '36.00', 6, 1), 'es').units).toBe('2,5');
  });
});
