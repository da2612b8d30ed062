import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './lock.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Tables } from './tables.js';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  engine: Engine;
  db: Kysely<Tables>;
  /** Runs SQL text that may hold several statements and no parameters (migrations). */
  exec(text: string): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... : use PostgreSQL. */
  databaseUrl?: string;
  /** Folder for the embedded database; 'memory' keeps it in memory (tests). */
  dataDir?: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
}

// The same JavaScript values from both engines: bigints as numbers (seq stays far below 2^53),
// decimals as their exact text, dates as 'yyyy-MM-dd', timestamps as ISO 8601 text.
const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;
const toIso = (value: string) =>
  new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}`).toISOString();
const parsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: (value) => Number(value),
  [OID.numeric]: (value) => value,
  [OID.date]: (value) => value,
  [OID.timestamp]: (value) => toIso(`${value}Z`),
  [OID.timestamptz]: (value) => toIso(value.replace(/([+-]\d\d)$/, '$1:00')),
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPGlite(options.dataDir ?? './data');
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection (a database restart) must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    engine: 'postgres',
    db,
    async exec(text) {
      await pool.query(text);
    },
    ping: () => ping(db),
    async close() {
      await db.destroy();
    },
  };
}

async function openPGlite(dataDir: string): Promise<Database> {
  const memory = dataDir === 'memory';
  const unlock = memory ? () => {} : lockDataDir(dataDir);
  try {
    const pglite = new PGlite(memory ? undefined : join(dataDir, 'pgdata'), {
      parsers,
      relaxedDurability: false,
    });
    await pglite.waitReady;
    const db = new Kysely<Tables>({ dialect: new PGliteDialect(pglite) });
    return {
      engine: 'pglite',
      db,
      async exec(text) {
        // Through the driver's lock, so a migration never interleaves with a request's transaction.
        await db.connection().execute(async () => {
          await pglite.exec(text);
        });
      },
      ping: () => ping(db),
      async close() {
        await db.destroy();
        await pglite.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function ping(db: Kysely<Tables>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
