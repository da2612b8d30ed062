// Tonnes per hour through a call with the stoppages marked (the summary chart); the call's window and
// stoppages, which the daily table (./daily.ts) reads too.
import type { DelayAttribution } from '../enums';
import { buildContext, type RatioContext, type Stoppage } from './context';
import { gramsToTons } from './decimal';
import { HOUR_MS, type Span } from './intervals';
import type { RatiosInput } from './types';

const MAX_POINTS = 1500;

interface SeriesPoint {
  /** Start of the bucket, ISO UTC. */
  start: string;
  tons: number;
  units: number;
}

interface StoppageMark {
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

export function allStoppages(context: RatioContext): Stoppage[] {
  return [...context.eventStoppages, ...[...context.incidenceStoppages.values()].flat()];
}

/** Earliest and latest instants of work or validation, or null when the call has neither. */
export function callWindow(context: RatioContext): Span | null {
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
