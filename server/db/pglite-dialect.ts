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
import type { PGliteSession } from './pglite-thread.js';

/**
 * Kysely over embedded PGlite (in its worker thread, pglite-thread.ts). PGlite is one backend session,
 * so the driver hands out its single connection to one user at a time, here in the server's thread: a
 * transaction's statements never interleave with another request's.
 */
export class PGliteDialect implements Dialect {
  private readonly driver: PGliteDriver;
  constructor(pglite: PGliteSession) {
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

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGliteSession) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, compiled.parameters);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
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

  constructor(private readonly pglite: PGliteSession) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    // The session is open before the dialect is made (startPGliteThread resolves once it is).
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
