import { format, isValid, parseISO } from 'date-fns';

// The spec's display formats: dates dd/MM/yyyy, times HH:mm, the same in both languages.
export const DATE_FORMAT = 'dd/MM/yyyy';
export const TIME_FORMAT = 'HH:mm';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** dd/MM/yyyy, or '' for an empty or invalid value. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, DATE_FORMAT) : '';
}

/** HH:mm, or '' for an empty or invalid value. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, TIME_FORMAT) : '';
}

/** dd/MM/yyyy HH:mm, or '' for an empty or invalid value. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, DATE_TIME_FORMAT) : '';
}
