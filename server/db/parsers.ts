// How values come out of either engine. Shared by the PostgreSQL pool (server/db/database.ts) and the
// embedded database's worker thread (server/db/pglite-worker.ts), which parses rows where they are read.
import pg from 'pg';

// The same JavaScript values from both engines: bigints as numbers (seq stays far below 2^53),
// decimals as their exact text, dates as 'yyyy-MM-dd', timestamps as ISO 8601 text (UTC, to the
// millisecond), intervals as PostgreSQL's text, arrays of these likewise. 'infinity' stays text.
const OID = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  time: 1083,
  timestamp: 1114,
  timestamptz: 1184,
  interval: 1186,
  int8Array: 1016,
  numericArray: 1231,
  dateArray: 1182,
  timestampArray: 1115,
  timestamptzArray: 1185,
  intervalArray: 1187,
} as const;

// Text output with DateStyle ISO: '2026-03-29 01:30:00.123456', then '+02', '+05:30' or '+00:19:32'.
const TIMESTAMP =
  /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:([+-])(\d\d)(?::(\d\d))?(?::(\d\d))?)?$/;

/** A timestamp's text as ISO 8601 in UTC; without an offset it is taken as UTC. Anything else (infinity, BC) as it came. */
export function timestampToIso(value: string): string {
  const match = TIMESTAMP.exec(value);
  if (!match) return value;
  const [, year, month, day, hour, minute, second, fraction = '', sign, offH = '0', offM = '0', offS = '0'] =
    match;
  const offset = sign
    ? (sign === '-' ? -1 : 1) * (Number(offH) * 3600 + Number(offM) * 60 + Number(offS))
    : 0;
  // setUTCFullYear, not Date.UTC, which reads years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(
    Number(hour),
    Number(minute),
    Number(second) - offset,
    Number(fraction.padEnd(3, '0').slice(0, 3)),
  );
  return date.toISOString();
}

type Parser = (value: string) => unknown;
const asText: Parser = (value) => value;
/** Times of day as the domain writes them: 'HH:mm', with seconds only when there are some. */
const timeText: Parser = (value) => (/^\d\d:\d\d:00(\.0+)?$/.test(value) ? value.slice(0, 5) : value);
const pgArray = pg.types.arrayParser as unknown as {
  create(source: string, transform: Parser): { parse(): unknown[] };
};
const arrayOf =
  (element: Parser): Parser =>
  (value) =>
    pgArray.create(value, element).parse();

/** For both drivers (PGlite derives array parsers from the element's itself; pg needs them spelled out). */
export const parsers: Record<number, Parser> = {
  [OID.int8]: Number,
  [OID.numeric]: asText,
  [OID.date]: asText,
  [OID.time]: timeText,
  [OID.timestamp]: timestampToIso,
  [OID.timestamptz]: timestampToIso,
  [OID.interval]: asText,
  [OID.int8Array]: arrayOf(Number),
  [OID.numericArray]: arrayOf(asText),
  [OID.dateArray]: arrayOf(asText),
  [OID.timestampArray]: arrayOf(timestampToIso),
  [OID.timestamptzArray]: arrayOf(timestampToIso),
  [OID.intervalArray]: arrayOf(asText),
};
