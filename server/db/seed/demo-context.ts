// What the demo builders share: the lookup ids, the demo users, the project and the clock.
import type { Authors } from './insert.js';

export interface DemoRefs {
  commodity: Map<string, string>;
  activity: Map<string, string>;
  projectStatus: Map<string, string>;
  reportStatus: Map<string, string>;
  incidenceStatus: Map<string, string>;
  incidenceType: Map<string, string>;
  craneType: Map<string, string>;
  port: Map<string, string>;
  vessel: Map<string, string>;
  accounts: Map<string, string>;
  country: Map<string, string>;
  event: Map<string, string>;
}

export interface DemoContext {
  refs: DemoRefs;
  authors: Authors;
  projectId: string;
  /** The call's first working day, 'yyyy-MM-dd' shifted by `offset` days. */
  date(offset: number): string;
  /** A UTC date-time on the call's day `offset`, at 'HH:mm'. */
  at(offset: number, time: string): string;
}

const DAY = 86_400_000;

export function demoClock(now: Date): Pick<DemoContext, 'date' | 'at'> {
  // The call's first working day is yesterday (UTC): the demo is always a call in progress.
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY;
  const at = (offset: number, time: string) => {
    const [hours, minutes] = time.split(':').map(Number);
    return new Date(start + offset * DAY + hours * 3_600_000 + minutes * 60_000).toISOString();
  };
  return { at, date: (offset) => at(offset, '00:00').slice(0, 10) };
}

/** A small deterministic random generator (mulberry32), so the demo is the same every time. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The id for `key` in a lookup map, or an error naming what is missing. */
export function lookup(map: Map<string, string>, key: string): string {
  const id = map.get(key);
  if (!id) throw new Error(`seed: lookup value '${key}' not found (run seedLookups first)`);
  return id;
}
