// The statement's totals as the signers read them: hours and tonnes with 2 decimals, units with the
// decimals they have, thousands grouped in every language ('1.500' in Spanish, where Intl alone writes '1500').

import { formatNumber, formatTwo } from '../../domain/numbers';
import type { SofContent } from '../../domain/sof/content';

export function totalsShown(totals: SofContent['totals'], language: string) {
  return {
    worked: formatTwo(totals.hours_worked, language),
    stopped: formatTwo(totals.hours_stopped, language),
    units: formatNumber(totals.quantity, language),
    tons: formatTwo(totals.tons, language),
  };
}
