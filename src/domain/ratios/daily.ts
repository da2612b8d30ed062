// The SOF's daily table: hours worked and stopped (and by whom), gangs and quantity per local day.
import { delayAttributions } from '../enums';
import { addDays, localDate, startOfLocalDay } from '../time';
import { buildContext, type Stoppage } from './context';
import { formatScaled, milliToText } from './decimal';
import { intersect, lengthOf, type Span, union } from './intervals';
import { apportion, hoursAddingUp } from './rounding';
import { allStoppages, callWindow } from './series';
import type { DelayBy, RatiosInput } from './types';

/** A mistyped year must not make a table of thousands of days. */
const MAX_DAYS = 400;

export interface DayRow {
  /** The local calendar date 'yyyy-MM-dd' in the table's zone. */
  date: string;
  /** Its first instant and the next day's, ISO UTC: 23 or 25 hours apart across a daylight-saving change. */
  start: string;
  end: string;
  /** Hours of the day some gang worked (2 decimals; the days add up to the call's rounded total). */
  hours_worked: number;
  /** Hours of that work stopped (2 decimals, adding up like hours_worked). */
  hours_stopped: number;
  /** Hours stopped by who caused it; causes may overlap, so these may add up to more than hours_stopped. */
  stopped_by: DelayBy;
  /** Hands (gang shifts) working some time that day. */
  gangs: number;
  /** Units validated that day, exact, 3 decimals. */
  quantity: string;
  /** Tonnes validated that day, 2 decimals (the days add up to the rounded total). */
  tons: string;
}

interface Day {
  date: string;
  start: number;
  end: number;
}

/** The local days from the one holding `from` to the one holding `to` (exclusive), at most MAX_DAYS. */
function localDays(from: number, to: number, timeZone: string): Day[] {
  const days: Day[] = [];
  let date = localDate(from, timeZone);
  let start = startOfLocalDay(date, timeZone);
  while (start < to && days.length < MAX_DAYS) {
    const next = addDays(date, 1);
    const end = startOfLocalDay(next, timeZone);
    days.push({ date, start, end });
    date = next;
    start = end;
  }
  return days;
}

/** The index of the day holding `at` (days sorted and touching), or -1. */
function dayIndex(days: readonly Day[], at: number): number {
  let low = 0;
  let high = days.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const day = days[middle];
    if (!day) break;
    if (at < day.start) high = middle - 1;
    else if (at >= day.end) low = middle + 1;
    else return middle;
  }
  return -1;
}

/**
 * One row per local calendar day of `timeZone` (UTC by default) from the first to the last work or
 * validation. Days split at local midnight, so a daylight-saving change makes a day of 23 or 25 hours.
 * Hours and tonnes are rounded so that the days add up to their rounded total (largest remainder).
 */
export function dailyRows(input: RatiosInput, options: { timeZone?: string } = {}): DayRow[] {
  const context = buildContext(input);
  const window = callWindow(context);
  if (!window) return [];
  const days = localDays(window[0], window[1], options.timeZone ?? 'UTC');
  const working = union([...context.handSpan.values()]);
  const stoppages = allStoppages(context);
  const stoppedIn = (list: readonly Stoppage[]) =>
    intersect(union(list.map((stoppage) => stoppage.span)), working);
  const units = new Array<bigint>(days.length).fill(0n);
  const grams = new Array<bigint>(days.length).fill(0n);
  for (const item of context.validated) {
    const day = dayIndex(days, item.at);
    if (day < 0) continue;
    units[day] = (units[day] ?? 0n) + item.units;
    grams[day] = (grams[day] ?? 0n) + item.grams;
  }
  const perDay = (spans: readonly Span[]) =>
    hoursAddingUp(days.map((day) => lengthOf(intersect(spans, [[day.start, day.end]]))));
  const worked = perDay(working);
  const stopped = perDay(stoppedIn(stoppages));
  const byCause = delayAttributions.map((cause) =>
    perDay(stoppedIn(stoppages.filter((stoppage) => stoppage.attribution === cause))),
  );
  const tons = apportion(grams, 10_000n);
  return days.map((day, index) => {
    let gangs = 0;
    for (const [from, to] of context.handSpan.values()) if (from < day.end && to > day.start) gangs++;
    const stopped_by = {} as DelayBy;
    delayAttributions.forEach((cause, at) => {
      stopped_by[cause] = byCause[at]?.[index] ?? 0;
    });
    return {
      date: day.date,
      start: new Date(day.start).toISOString(),
      end: new Date(day.end).toISOString(),
      hours_worked: worked[index] ?? 0,
      hours_stopped: stopped[index] ?? 0,
      stopped_by,
      gangs,
      quantity: milliToText(units[index] ?? 0n),
      tons: formatScaled(tons[index] ?? 0n, 2, 2),
    };
  });
}
