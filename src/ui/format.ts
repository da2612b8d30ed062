import { wallTime } from '../domain/time';

// The spec's display formats: dates dd/MM/yyyy, times HH:mm, the same in both languages. Times are the
// local time of a zone when one is given (a project's port: ./zone.ts), else of this device. Written out
// rather than through date-fns: the lists of the first screen show dates, and its formatter weighs 7 KB.

type DateInput = Date | string | number | null | undefined;

/** A calendar date 'yyyy-MM-dd' has no zone: it is shown as it is. */
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A plain date is that day here (as an ISO date-time without a zone is that time here).
  const date =
    typeof value === 'string' && PLAIN_DATE.test(value)
      ? new Date(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)))
      : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const two = (value: number) => String(value).padStart(2, '0');
const day = (date: Date) =>
  `${two(date.getDate())}/${two(date.getMonth() + 1)}/${String(date.getFullYear()).padStart(4, '0')}`;
const time = (date: Date) => `${two(date.getHours())}:${two(date.getMinutes())}`;

/** The wall time 'yyyy-MM-ddTHH:mm' of an instant in `zone`, or null. */
function inZone(value: DateInput, zone: string): string | null {
  const date = toDate(value);
  return date ? wallTime(date.getTime(), zone) : null;
}

const dayOf = (wall: string) => `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)}`;

/** dd/MM/yyyy, or '' for an empty or invalid value. */
export function formatDate(value: DateInput, zone?: string): string {
  if (zone && !(typeof value === 'string' && PLAIN_DATE.test(value))) {
    const wall = inZone(value, zone);
    return wall ? dayOf(wall) : '';
  }
  const date = toDate(value);
  return date ? day(date) : '';
}

/** HH:mm, or '' for an empty or invalid value. */
export function formatTime(value: DateInput, zone?: string): string {
  if (zone) return inZone(value, zone)?.slice(11, 16) ?? '';
  const date = toDate(value);
  return date ? time(date) : '';
}

/** dd/MM/yyyy HH:mm, or '' for an empty or invalid value. */
export function formatDateTime(value: DateInput, zone?: string): string {
  if (zone) {
    const wall = inZone(value, zone);
    return wall ? `${dayOf(wall)} ${wall.slice(11, 16)}` : '';
  }
  const date = toDate(value);
  return date ? `${day(date)} ${time(date)}` : '';
}

/**
 * A span of time as a person reads it: one moment once ('25/11/2026 05:40'), the end's time alone on the
 * same day ('25/11/2026 08:00 – 14:00'), both in full across days; '' when there is no start. In `zone`'s
 * local time when one is given.
 */
export function formatSpan(start: DateInput, end: DateInput, zone?: string): string {
  const first = formatDateTime(start, zone);
  if (!first) return '';
  const last = formatDateTime(end, zone);
  if (!last || last === first) return first;
  return `${first} – ${last.slice(0, 10) === first.slice(0, 10) ? last.slice(11) : last}`;
}
