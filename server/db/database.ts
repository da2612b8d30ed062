import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type Listener, type Listening, listenPostgres } from './listen.js';
import { openPGlite } from './pglite.js';
import { guardedPool, type PoolTimeouts, poolTimeoutOptions } from './postgres-pool.js';
import type { Tables } from './tables.js';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  engine: Engine;
  db: Kysely<Tables>;
  /** Runs SQL text that may hold several statements and no parameters (migrations). */
  exec(text: string): Promise<void>;
  ping(): Promise<boolean>;
  /** Connections now: the most there may be, in use, idle, and requests waiting for one (metrics). */
  poolStats(): PoolStats;
  /** LISTENs on `channel` (PostgreSQL: on a connection of its own, reopened after a drop). */
  listen(channel: string, listener: Listener): Promise<Listening>;
  /**
   * The embedded database on disk only: copies its files (DATA_DIR/pgdata) into `target`, whole and
   * consistent (a checkpoint, then the copy, while no statement runs). Backups use it.
   */
  copyDataDir?(target: string): Promise<void>;
  close(): Promise<void>;
}

export interface PoolStats {
  size: number;
  inUse: number;
  idle: number;
  waiting: number;
}

export interface DatabaseOptions {
  /** postgres://... : use PostgreSQL. */
  databaseUrl?: string;
  /** Folder for the embedded database; 'memory' keeps it in memory (tests). */
  dataDir?: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** PostgreSQL only: limits on connecting and on each statement (none when unset). */
  timeouts?: PoolTimeouts;
}

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
const parsers: Record<number, Parser> = {
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

/**
 * Session settings PGlite has from the start, given to every PostgreSQL connection too, so date
 * arithmetic and casts (timestamptz::date, date_trunc) agree between the engines.
 */
const SESSION_SETTINGS = "SET TIME ZONE 'UTC'; SET DateStyle = 'ISO, MDY'; SET IntervalStyle = 'postgres'";

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.timeouts ?? {});
  return openPGlite(options.dataDir ?? './data', parsers);
}

async function openPostgres(url: string, poolSize: number, timeouts: PoolTimeouts): Promise<Database> {
  // Date parameters go out in UTC as PGlite sends them, not in the process's time zone (pg's default).
  pg.defaults.parseInputDatesAsUTC = true;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...poolTimeoutOptions(timeouts),
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // A client losing its connection (a database restart) must not crash the process. The pool listens
  // on idle clients only; a client in use between two queries (a transaction's) emits 'error' with no
  // listener, which throws. Its next query then fails (answered 503) and the pool drops it on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Tables>({
    dialect: new PostgresDialect({
      pool: guardedPool(pool, timeouts.queryMs),
      // Before the connection's first use.
      onCreateConnection: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw(SESSION_SETTINGS));
      },
    }),
  });
  return {
    engine: 'postgres',
    db,
    async exec(text) {
      // Migrations run without the statement limit (an index over a large table may take minutes), on a
      // connection of their own, closed after so its session never serves a request. Without
      // parameters pg sends the text as one simple query.
      const client = await pool.connect();
      try {
        await client.query(`${SESSION_SETTINGS}; SET statement_timeout = 0`);
        await client.query(text);
      } finally {
        client.release(true);
      }
    },
    ping: () => ping(db),
    listen: (channel, listener) => listenPostgres(url, channel, listener),
    poolStats: () => ({
      size: poolSize,
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      await db.destroy();
    },
  };
}

async function ping(db: Kysely<Tables>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
