// Dates and times as the spec shows them (dd/MM/yyyy, HH:mm), in the time zone the caller asked for.

export interface Clock {
  timeZone: string;
  locale: string;
}

// Building an Intl.DateTimeFormat costs far more than using one: one per zone (and language) for a file.
const partFormats = new Map<string, Intl.DateTimeFormat>();
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

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

function zoneParts(at: number, timeZone: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of partFormat(timeZone).formatToParts(new Date(at))) result[part.type] = part.value;
  return result;
}

const QUARTER_HOUR = 15 * 60_000;
// Zone offsets change only at quarter hours, so one look-up per zone and quarter hour serves every
// time in it (a 20,000-row sheet asks for far fewer than 20,000).
const offsets = new Map<string, Map<number, number>>();

/** Minutes the zone is ahead of UTC at an instant (for splitting a call into local days). */
export function utcOffsetMinutes(timeZone: string, at: number): number {
  const quarter = Math.floor(at / QUARTER_HOUR) * QUARTER_HOUR;
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const p = zoneParts(quarter, timeZone);
    const local = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
    );
    offset = Math.round((local - quarter) / 60_000);
    if (zone.size > 50_000) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

/** The local wall time of a UTC ISO date-time as 'yyyy-MM-ddTHH:mm', or null when unreadable. */
function local(iso: string, timeZone: string): string | null {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return null;
  const shifted = new Date(at + utcOffsetMinutes(timeZone, at) * 60_000);
  return Number.isNaN(shifted.getTime()) ? null : shifted.toISOString().slice(0, 16);
}

/** 'dd/MM/yyyy HH:mm' of a UTC ISO date-time in the clock's zone; '' when missing. */
export function formatDateTime(iso: string | null | undefined, clock: Clock): string {
  const l = iso ? local(iso, clock.timeZone) : null;
  return l ? `${l.slice(8, 10)}/${l.slice(5, 7)}/${l.slice(0, 4)} ${l.slice(11, 16)}` : '';
}

/** 'dd/MM/yyyy' of a date-time in the clock's zone, or of a calendar date 'yyyy-MM-dd' as it is. */
export function formatDate(value: string | null | undefined, clock: Clock): string {
  if (!value) return '';
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) return `${plain[3]}/${plain[2]}/${plain[1]}`;
  const l = local(value, clock.timeZone);
  return l ? `${l.slice(8, 10)}/${l.slice(5, 7)}/${l.slice(0, 4)}` : '';
}

/** 'HH:mm' of a date-time in the clock's zone. */
export function formatTime(iso: string | null | undefined, clock: Clock): string {
  const l = iso ? local(iso, clock.timeZone) : null;
  return l ? l.slice(11, 16) : '';
}

/** The weekday of a calendar date 'yyyy-MM-dd', in the clock's language. */
export function weekday(date: string, clock: Clock): string {
  let format = weekdayFormats.get(clock.locale);
  if (!format) {
    format = new Intl.DateTimeFormat(clock.locale, { weekday: 'long', timeZone: 'UTC' });
    weekdayFormats.set(clock.locale, format);
  }
  const name = format.format(new Date(`${date}T12:00:00Z`));
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A file name part made of letters, digits, dots, dashes and underscores only. */
export function fileSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|_+$/g, '')
    .slice(0, 60);
}
