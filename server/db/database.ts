import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database-types.js';
import { listenPostgres } from './listen.js';
import { parsers } from './parsers.js';
import { openPGlite } from './pglite.js';
import { guardedPool, type PoolTimeouts, poolTimeoutOptions } from './postgres-pool.js';
import type { Tables } from './tables.js';

export type { Database, Engine } from './database-types.js';

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

/**
 * Session settings PGlite has from the start, given to every PostgreSQL connection too, so date
 * arithmetic and casts (timestamptz::date, date_trunc) agree between the engines.
 */
const SESSION_SETTINGS = "SET TIME ZONE 'UTC'; SET DateStyle = 'ISO, MDY'; SET IntervalStyle = 'postgres'";

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.timeouts ?? {});
  return openPGlite(options.dataDir ?? './data');
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
