// Numbers the sync screens show: sizes in MB (thousands grouped, as src/ui/numbers.ts writes every number),
// and times relative to now in the user's language.
import { formatNumber } from '../../domain/numbers';

export function formatMegabytes(bytes: number, language: string): string {
  const value = bytes / (1024 * 1024);
  const digits = value >= 10 ? 0 : 1;
  return `${formatNumber(value, language, digits, digits)} MB`;
}

export function formatStorage(bytes: number, language: string): string {
  const gigabytes = bytes / 1024 ** 3;
  if (gigabytes >= 1) return `${formatNumber(gigabytes, language, 0, 1)} GB`;
  return formatMegabytes(bytes, language);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** "3 minutes ago", "in 20 seconds", "now". */
export function formatRelative(iso: string | number, language: string, now = Date.now()): string {
  const at = typeof iso === 'number' ? iso : Date.parse(iso);
  const diff = at - now;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'second') return format.format(Math.round(diff / size), unit);
  }
  return format.format(0, 'second');
}
