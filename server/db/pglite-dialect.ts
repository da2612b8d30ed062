import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * Kysely over embedded PGlite. PGlite is one backend session in this thread, so the driver hands out
 * its single connection to one user at a time: a transaction's statements never interleave with
 * another request's.
 */
export class PGliteDialect implements Dialect {
  private readonly driver: PGliteDriver;
  constructor(pglite: PGlite) {
    this.driver = new PGliteDriver(pglite);
  }
  /** The one connection: in use or not, and how many callers wait for it. */
  stats(): { inUse: number; waiting: number } {
    return this.driver.stats();
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return this.driver;
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

const DATE = 1082;
const TIMESTAMPS = new Set([1114, 1184]);

/**
 * PGlite ignores custom parsers for dates and hands out Date objects; the PostgreSQL driver is set to
 * give text. Both engines must give the same values, so dates become 'yyyy-MM-dd' and timestamps ISO text.
 */
function datesAsText<R>(rows: R[], fields: { name: string; dataTypeID: number }[]): R[] {
  const dated = fields.filter((field) => field.dataTypeID === DATE || TIMESTAMPS.has(field.dataTypeID));
  if (dated.length === 0) return rows;
  for (const row of rows as Record<string, unknown>[]) {
    for (const field of dated) {
      const value = row[field.name];
      if (value instanceof Date) {
        row[field.name] = field.dataTypeID === DATE ? value.toISOString().slice(0, 10) : value.toISOString();
      }
    }
  }
  return rows;
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    const affected = result.affectedRows;
    return {
      rows: datesAsText(result.rows, result.fields),
      ...(affected !== undefined && affected > 0 ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered by PGlite; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;
  private waiting = 0;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let unlock: () => void = () => {};
    this.queue = new Promise<void>((resolve) => {
      unlock = resolve;
    });
    this.waiting++;
    try {
      await previous;
    } finally {
      this.waiting--;
    }
    this.release = unlock;
    return this.connection;
  }

  stats() {
    return { inUse: this.release ? 1 : 0, waiting: this.waiting };
  }

  async beginTransaction(): Promise<void> {
    await this.pglite.query('BEGIN');
  }

  async commitTransaction(): Promise<void> {
    await this.pglite.query('COMMIT');
  }

  async rollbackTransaction(): Promise<void> {
    await this.pglite.query('ROLLBACK');
  }

  async releaseConnection(): Promise<void> {
    const unlock = this.release;
    this.release = null;
    unlock?.();
  }

  async destroy(): Promise<void> {
    await this.queue;
  }
}
