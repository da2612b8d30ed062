// The ratios and summaries of a project, pure functions over its rows (offline on the tablet, and in
// the server's spreadsheets).

export { type DayRow, dailyRows } from './daily';
export { formatScaled, gramsToTonsText, milliToText, toMilli } from './decimal';
export { NO_VALUE, round2 } from './format';

export { apportion } from './rounding';
export { type CallSeries, callSeries } from './series';
export { parseTonsKey, projectSummaries, validatedUnits } from './summary';
export type {
  DelayBy,
  RatioRow,
  RatiosInput,
} from './types';
