// Wall-clock time in an IANA time zone, the same on the tablet and in the server's reports: the
// local time of the project's port. Plain Intl (no time zone library); daylight-saving changes are
// read from the zone, so a day may have 23 or 25 hours.

const MINUTE_MS = 60_000;
const QUARTER_HOUR = 15 * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

// Building an Intl.DateTimeFormat costs far more than using one: one per zone.
const partFormats = new Map<string, Intl.DateTimeFormat>();
// Zone offsets change only at quarter hours, so one look-up per zone and quarter hour serves every
// time in it (a 20,000-row sheet asks for far fewer than 20,000).
const offsets = new Map<string, Map<number, number>>();

function partFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partFormats.set(timeZone, format);
  }
  return format;
}

/** Whether the platform knows the IANA zone `name`. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone this device is set to (the fallback where a record has no port), UTC when unknown. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Minutes the zone is ahead of UTC at an instant (epoch ms). */
export function offsetMinutes(timeZone: string, at: number): number {
  const quarter = Math.floor(at / QUARTER_HOUR) * QUARTER_HOUR;
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const parts: Record<string, string> = {};
    for (const part of partFormat(timeZone).formatToParts(new Date(quarter))) parts[part.type] = part.value;
    const local = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
    );
    offset = Math.round((local - quarter) / MINUTE_MS);
    if (zone.size > 50_000) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

/**
 * The wall time of an instant in the zone, as the instant whose UTC fields read that wall time (what
 * a spreadsheet cell holds: Excel dates have no zone).
 */
export function wallInstant(at: number, timeZone: string): number {
  return at + offsetMinutes(timeZone, at) * MINUTE_MS;
}

/** 'yyyy-MM-ddTHH:mm' of an instant (epoch ms or ISO text) in the zone; null when unreadable. */
export function wallTime(value: number | string | null | undefined, timeZone: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  const at = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(at)) return null;
  const shifted = new Date(wallInstant(at, timeZone));
  return Number.isNaN(shifted.getTime()) ? null : shifted.toISOString().slice(0, 16);
}

/** The local calendar date 'yyyy-MM-dd' of an instant in the zone. */
export function localDate(at: number, timeZone: string): string {
  return new Date(wallInstant(at, timeZone)).toISOString().slice(0, 10);
}

/** The calendar date `days` after 'yyyy-MM-dd'. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant a wall time 'yyyy-MM-ddTHH:mm[:ss]' happens in the zone; null when unreadable. A time
 * the clocks skip (spring forward) is read with the offset before the change (02:30 becomes 03:30);
 * one they repeat (autumn) is its first occurrence.
 */
export function zonedInstant(wall: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(wall);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0'] = match;
  const asUtc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  if (!Number.isFinite(asUtc)) return null;
  // The two offsets in force around that wall time; the earlier instant that reads back right wins.
  const before = offsetMinutes(timeZone, asUtc - DAY_MS / 2);
  const after = offsetMinutes(timeZone, asUtc + DAY_MS / 2);
  const candidates = [
    asUtc - Math.max(before, after) * MINUTE_MS,
    asUtc - Math.min(before, after) * MINUTE_MS,
  ];
  for (const candidate of candidates) if (wallInstant(candidate, timeZone) === asUtc) return candidate;
  return asUtc - before * MINUTE_MS;
}

/** The first instant of a local calendar date in the zone (its midnight, or the hour it starts at). */
export function startOfLocalDay(date: string, timeZone: string): number {
  return zonedInstant(`${date}T00:00`, timeZone) ?? Date.parse(`${date}T00:00:00Z`);
}

/** 'UTC+01:00', 'UTC-03:30', 'UTC+00:00'. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const magnitude = Math.abs(minutes);
  const hours = String(Math.floor(magnitude / 60)).padStart(2, '0');
  return `UTC${sign}${hours}:${String(magnitude % 60).padStart(2, '0')}`;
}

export interface OffsetChange {
  /** The instant the new offset starts. */
  at: number;
  /** Minutes ahead of UTC before and after. */
  from: number;
  to: number;
}

const SCAN_MS = 6 * 60 * MINUTE_MS;
const MAX_SCAN_MS = 400 * DAY_MS;

/** The offset changes (daylight saving) between two instants, oldest first. */
export function offsetChanges(timeZone: string, from: number, to: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  if (!(Number.isFinite(from) && Number.isFinite(to)) || to <= from) return changes;
  const end = Math.min(to, from + MAX_SCAN_MS);
  let previous = offsetMinutes(timeZone, from);
  for (let at = from; at < end; at += SCAN_MS) {
    const next = Math.min(at + SCAN_MS, end);
    const offset = offsetMinutes(timeZone, next);
    if (offset === previous) continue;
    // The change lies in (at, next]: narrow it to its quarter hour (offsets change only at quarters).
    let low = Math.floor(at / QUARTER_HOUR);
    let high = Math.floor(next / QUARTER_HOUR);
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetMinutes(timeZone, middle * QUARTER_HOUR) === previous) low = middle;
      else high = middle;
    }
    const change = high * QUARTER_HOUR;
    if (change <= to) changes.push({ at: change, from: previous, to: offset });
    previous = offset;
  }
  return changes;
}

/** Whether the wall time of `at` happens twice in the zone (the hour repeated when the clocks go back). */
export function repeatedWallTime(at: number, timeZone: string): boolean {
  const wall = wallInstant(at, timeZone);
  const before = offsetMinutes(timeZone, at - DAY_MS / 2);
  const after = offsetMinutes(timeZone, at + DAY_MS / 2);
  if (before === after) return false;
  return [wall - before * MINUTE_MS, wall - after * MINUTE_MS].every(
    (candidate) => wallInstant(candidate, timeZone) === wall,
  );
}
