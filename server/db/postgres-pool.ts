import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

export interface PoolTimeouts {
  /** Connecting, or waiting for a free connection of the pool, in ms; 0: no limit. */
  connectMs?: number;
  /** Each statement's limit (the session's statement_timeout), in ms; 0: no limit. */
  queryMs?: number;
}

/**
 * How much longer than statement_timeout the client waits before it takes the server for hung: a live
 * server cancels the statement itself (SQLSTATE 57014) and keeps the connection; one that does not
 * answer at all (stopped, a network path that swallows packets) is given up on.
 */
const GRACE_MS = 2_000;

/** The server did not answer in time; the code makes the error handler answer 503 with Retry-After. */
class DatabaseTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms.`);
    this.name = 'DatabaseTimeoutError';
  }
}

/** pg's pool options for these limits: connections time out, and each session gets statement_timeout. */
export function poolTimeoutOptions({ connectMs = 0, queryMs = 0 }: PoolTimeouts): pg.PoolConfig {
  return {
    connectionTimeoutMillis: connectMs,
    ...(queryMs > 0 ? { statement_timeout: queryMs } : {}),
    // A peer that vanished (host down, cable cut) is noticed on an idle connection too.
    keepAlive: true,
  };
}

/**
 * The pool as Kysely sees it, each statement bounded in time on the client side too: a hung server
 * would otherwise hold the request (and the connection) forever. A connection that timed out is
 * closed when released, never reused: every later query given to it would wait behind the stuck one,
 * and run late, after its caller had been told it failed.
 *
 * Kept over a library (issue 22's review): pg's own `query_timeout` rejects the caller's promise but
 * leaves the query it had sent active on the connection, and pg-pool then takes that connection back
 * as healthy, so the next request's queries queue behind the stuck one; neither Kysely nor pg-pool has
 * a limit that also throws the connection away. This guard does both in some 50 lines, over the pool's
 * public API (client.release(error) destroys the connection).
 */
export function guardedPool(pool: pg.Pool, queryMs = 0): PostgresPool {
  // One wrapper per pg client: Kysely keys its connections (and their one-time setup) by this object.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = queryMs > 0 ? guardClient(client, queryMs + GRACE_MS) : client;
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

function guardClient(client: pg.PoolClient, limitMs: number): PostgresPoolClient {
  let failed: Error | undefined;
  function query<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    text: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely streams through a cursor only when given one (it is not): the plain query is all it sends.
    if (typeof text !== 'string') throw new Error('Cursors are not supported.');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        failed = new DatabaseTimeoutError(limitMs);
        reject(failed);
      }, limitMs);
    });
    const running = client.query(text, [...parameters]).then(
      ({ command, rowCount, rows }): PostgresQueryResult<R> => ({
        command: command as PostgresQueryResult<R>['command'],
        rowCount: rowCount ?? 0,
        rows: rows as R[],
      }),
    );
    return Promise.race([running, deadline]).finally(() => clearTimeout(timer));
  }
  return {
    query,
    release() {
      const error = failed;
      failed = undefined;
      client.release(error);
    },
  };
}
