// Dates and times as the spec shows them (dd/MM/yyyy, HH:mm), in the report's time zone: the local
// time of the project's port (src/domain/time.ts does the zone arithmetic, the same as the tablet's).
import { formatOffset, offsetMinutes, repeatedWallTime, wallTime } from '../../src/domain/time.js';

export { isTimeZone } from '../../src/domain/time.js';

export interface Clock {
  timeZone: string;
  locale: string;
}

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** 'dd/MM/yyyy HH:mm' of a UTC ISO date-time in the clock's zone; '' when missing. */
export function formatDateTime(iso: string | null | undefined, clock: Clock): string {
  const l = wallTime(iso, clock.timeZone);
  return l ? `${l.slice(8, 10)}/${l.slice(5, 7)}/${l.slice(0, 4)} ${l.slice(11, 16)}` : '';
}

/** 'dd/MM/yyyy' of a date-time in the clock's zone, or of a calendar date 'yyyy-MM-dd' as it is. */
export function formatDate(value: string | null | undefined, clock: Clock): string {
  if (!value) return '';
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) return `${plain[3]}/${plain[2]}/${plain[1]}`;
  const l = wallTime(value, clock.timeZone);
  return l ? `${l.slice(8, 10)}/${l.slice(5, 7)}/${l.slice(0, 4)}` : '';
}

/** 'HH:mm' of a date-time in the clock's zone. */
export function formatTime(iso: string | null | undefined, clock: Clock): string {
  return wallTime(iso, clock.timeZone)?.slice(11, 16) ?? '';
}

/** 'HH:mm', with its offset when the clocks show that time twice that night ('02:30 (UTC+01:00)'). */
export function formatTimeMarked(iso: string | null | undefined, clock: Clock): string {
  const time = formatTime(iso, clock);
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (!time || !repeatedWallTime(at, clock.timeZone)) return time;
  return `${time} (${formatOffset(offsetMinutes(clock.timeZone, at))})`;
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

/** A file name part made of letters, digits, dots, dashes and underscores only. */
export function fileSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|_+$/g, '')
    .slice(0, 60);
}
