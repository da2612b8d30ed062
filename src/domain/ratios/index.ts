// The ratios and summaries of a project, pure functions over its rows (offline on the tablet, and in
// the server's spreadsheets).
export { incidenceAttribution } from './context';
export { type DayRow, dailyRows } from './daily';
export { formatScaled, gramsToTonsText, milliToText, toMilli } from './decimal';
export { format2, NO_VALUE, round2 } from './format';
export { intersect, lengthOf, type Span, spanOf, union } from './intervals';
export { apportion, hoursAddingUp } from './rounding';
export { type CallSeries, callSeries, type SeriesPoint, type StoppageMark } from './series';
export { parseTonsKey, perHour, projectSummaries, validatedUnits } from './summary';
export type {
  ActivityRow,
  CommodityRow,
  DelayBy,
  EventTypeRow,
  HandIncidenceRow,
  HandRow,
  PackingRow,
  ProjectEventRow,
  ProjectRow,
  ProjectSummaries,
  RatioRow,
  RatiosInput,
} from './types';
