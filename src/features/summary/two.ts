// The summary's hours, tonnes and ratios: rounded as the reports round them (round2), written as the user
// reads numbers (formatTwo: '1.234,50' in Spanish, thousands grouped), a ratio over no time as '—'.

import { formatTwo } from '../../domain/numbers';
import { NO_VALUE, round2 } from '../../domain/ratios';

export function formatTwoOrNone(value: number | null, language: string): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  return formatTwo(round2(value), language);
}
