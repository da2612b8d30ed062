import type { Kysely } from 'kysely';
import type { Listener, Listening } from './listen.js';
import type { Tables } from './tables.js';

// What either engine opens (database.ts for PostgreSQL, pglite.ts for the embedded one), apart from both so
// neither imports the other.

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

interface PoolStats {
  size: number;
  inUse: number;
  idle: number;
  waiting: number;
}
