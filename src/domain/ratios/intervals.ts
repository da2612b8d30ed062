// Time intervals as [start, end) in epoch milliseconds. Unions and intersections work on sorted,
// disjoint lists, so overlapping hands count their shared time once.

export type Span = readonly [start: number, end: number];

export const HOUR_MS = 3_600_000;

/** The span of an ISO date-time pair, or null when either end is missing or unreadable, or end <= start. */
export function spanOf(init: string | null | undefined, end: string | null | undefined): Span | null {
  if (!init || !end) return null;
  const start = Date.parse(init);
  const finish = Date.parse(end);
  if (!Number.isFinite(start) || !Number.isFinite(finish) || finish <= start) return null;
  return [start, finish];
}

/** Sorted, disjoint spans covering the same time as `spans` (touching spans merge). */
export function union(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The time two unions share; both arguments must be sorted and disjoint (as `union` returns). */
export function intersect(a: readonly Span[], b: readonly Span[]): Span[] {
  const shared: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [aStart, aEnd] = a[i] as Span;
    const [bStart, bEnd] = b[j] as Span;
    const start = Math.max(aStart, bStart);
    const end = Math.min(aEnd, bEnd);
    if (start < end) shared.push([start, end]);
    if (aEnd < bEnd) i++;
    else j++;
  }
  return shared;
}

/** Milliseconds covered by sorted, disjoint spans. */
export function lengthOf(spans: readonly Span[]): number {
  let total = 0;
  for (const [start, end] of spans) total += end - start;
  return total;
}

export const toHours = (ms: number): number => ms / HOUR_MS;
