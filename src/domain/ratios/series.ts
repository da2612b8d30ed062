// Time series of a call: a daily table (the SOF's hours worked, hours stopped, gangs and quantity)
// and tonnes per hour with the stoppages marked (the summary chart).
import type { DelayAttribution } from '../enums';
import { buildContext, type RatioContext, type Stoppage } from './context';
import { gramsToTons, gramsToTonsText, milliToText } from './decimal';
import { HOUR_MS, intersect, lengthOf, type Span, toHours, union } from './intervals';
import type { RatiosInput } from './types';

const DAY_MS = 24 * HOUR_MS;
/** A mistyped year must not make a table of thousands of days. */
const MAX_DAYS = 400;
const MAX_POINTS = 1500;

export interface DayRow {
  /** 'yyyy-MM-dd' in the given UTC offset. */
  date: string;
  hours_worked: number;
  hours_stopped: number;
  /** Hands (gang shifts) working some time that day. */
  gangs: number;
  /** Units validated that day, exact, 3 decimals. */
  quantity: string;
  /** Tonnes validated that day, 2 decimals. */
  tons: string;
}

export interface SeriesPoint {
  /** Start of the bucket, ISO UTC. */
  start: string;
  tons: number;
  units: number;
}

export interface StoppageMark {
  start: string;
  end: string;
  attribution: DelayAttribution;
}

export interface CallSeries {
  /** Hours per point: 1, more when the call is very long. */
  bucket_hours: number;
  points: SeriesPoint[];
  stoppages: StoppageMark[];
}

function allStoppages(context: RatioContext): Stoppage[] {
  return [...context.eventStoppages, ...[...context.incidenceStoppages.values()].flat()];
}

/** Earliest and latest instants of work or validation, or null when the call has neither. */
function callWindow(context: RatioContext): Span | null {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const [from, to] of context.handSpan.values()) {
    start = Math.min(start, from);
    end = Math.max(end, to);
  }
  for (const { at } of context.validated) {
    if (!Number.isFinite(at)) continue;
    start = Math.min(start, at);
    end = Math.max(end, at + 1);
  }
  return start < end ? [start, end] : null;
}

/** The SOF's daily table: one row per calendar day (in `utcOffsetMinutes`) from first to last work. */
export function dailyRows(input: RatiosInput, options: { utcOffsetMinutes?: number } = {}): DayRow[] {
  const context = buildContext(input);
  const window = callWindow(context);
  if (!window) return [];
  const offset = (options.utcOffsetMinutes ?? 0) * 60_000;
  const firstDay = Math.floor((window[0] + offset) / DAY_MS) * DAY_MS - offset;
  const days = Math.min(MAX_DAYS, Math.ceil((window[1] - firstDay) / DAY_MS));
  const working = union([...context.handSpan.values()]);
  const stopped = intersect(union(allStoppages(context).map((stoppage) => stoppage.span)), working);
  const units = new Array<bigint>(days).fill(0n);
  const grams = new Array<bigint>(days).fill(0n);
  for (const item of context.validated) {
    const day = Math.floor((item.at - firstDay) / DAY_MS);
    if (!(day >= 0 && day < days)) continue;
    units[day] = (units[day] ?? 0n) + item.units;
    grams[day] = (grams[day] ?? 0n) + item.grams;
  }
  const rows: DayRow[] = [];
  for (let day = 0; day < days; day++) {
    const span: Span = [firstDay + day * DAY_MS, firstDay + (day + 1) * DAY_MS];
    let gangs = 0;
    for (const [from, to] of context.handSpan.values()) if (from < span[1] && to > span[0]) gangs++;
    rows.push({
      date: new Date(span[0] + offset).toISOString().slice(0, 10),
      hours_worked: toHours(lengthOf(intersect(working, [span]))),
      hours_stopped: toHours(lengthOf(intersect(stopped, [span]))),
      gangs,
      quantity: milliToText(units[day] ?? 0n),
      tons: gramsToTonsText(grams[day] ?? 0n),
    });
  }
  return rows;
}

/** Tonnes and units validated per hour through the call, and the stoppages to mark on the chart. */
export function callSeries(input: RatiosInput): CallSeries {
  const context = buildContext(input);
  const stoppages = allStoppages(context)
    .sort((a, b) => a.span[0] - b.span[0])
    .map(({ span, attribution }) => ({
      start: new Date(span[0]).toISOString(),
      end: new Date(span[1]).toISOString(),
      attribution,
    }));
  const window = callWindow(context);
  if (!window) return { bucket_hours: 1, points: [], stoppages };
  const first = Math.floor(window[0] / HOUR_MS) * HOUR_MS;
  const hours = Math.ceil((window[1] - first) / HOUR_MS);
  const bucketHours = Math.max(1, Math.ceil(hours / MAX_POINTS));
  const size = bucketHours * HOUR_MS;
  const count = Math.ceil((window[1] - first) / size);
  const grams = new Array<bigint>(count).fill(0n);
  const units = new Array<bigint>(count).fill(0n);
  for (const item of context.validated) {
    const bucket = Math.floor((item.at - first) / size);
    if (!(bucket >= 0 && bucket < count)) continue;
    grams[bucket] = (grams[bucket] ?? 0n) + item.grams;
    units[bucket] = (units[bucket] ?? 0n) + item.units;
  }
  const points = grams.map((value, index) => ({
    start: new Date(first + index * size).toISOString(),
    tons: gramsToTons(value),
    units: Number(units[index] ?? 0n) / 1000,
  }));
  return { bucket_hours: bucketHours, points, stoppages };
}
