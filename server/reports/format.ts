// Dates and times as the spec shows them (dd/MM/yyyy, HH:mm), in the time zone the caller asked for.

export interface Clock {
  timeZone: string;
  locale: string;
}

function parts(iso: string, clock: Clock): Record<string, string> | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const formatted = new Intl.DateTimeFormat('en-GB', {
    timeZone: clock.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'long',
  }).formatToParts(date);
  return Object.fromEntries(formatted.map((part) => [part.type, part.value]));
}

/** 'dd/MM/yyyy HH:mm' of a UTC ISO date-time in the clock's zone; '' when missing. */
export function formatDateTime(iso: string | null | undefined, clock: Clock): string {
  const p = iso ? parts(iso, clock) : null;
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

/** 'dd/MM/yyyy' of a date-time in the clock's zone, or of a calendar date 'yyyy-MM-dd' as it is. */
export function formatDate(value: string | null | undefined, clock: Clock): string {
  if (!value) return '';
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) return `${plain[3]}/${plain[2]}/${plain[1]}`;
  const p = parts(value, clock);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** 'HH:mm' of a date-time in the clock's zone. */
export function formatTime(iso: string | null | undefined, clock: Clock): string {
  const p = iso ? parts(iso, clock) : null;
  return p ? `${p.hour}:${p.minute}` : '';
}

/** The weekday of a calendar date 'yyyy-MM-dd', in the clock's language. */
export function weekday(date: string, clock: Clock): string {
  const name = new Intl.DateTimeFormat(clock.locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Minutes the zone is ahead of UTC at an instant (for splitting a call into local days). */
export function utcOffsetMinutes(timeZone: string, at: number): number {
  const p = parts(new Date(at).toISOString(), { timeZone, locale: 'en' });
  if (!p) return 0;
  const local = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
  );
  return Math.round((local - Math.floor(at / 60_000) * 60_000) / 60_000);
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
