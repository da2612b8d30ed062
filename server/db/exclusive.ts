import { sql } from 'kysely';
import type { Database } from './database.js';

/**
 * Runs background work (the daily purge) in one server process at a time: on PostgreSQL a session
 * advisory lock is tried on a connection held for the work, and a process finding it taken skips its
 * turn (another one is doing the same work now). The embedded database has one process only.
 * Resolves to false when skipped.
 */
export async function runExclusive(database: Database, lockKey: number, work: () => Promise<void>) {
  if (database.engine === 'pglite') {
    await work();
    return true;
  }
  return database.db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${lockKey}) as locked`.execute(connection);
    if (!rows[0]?.locked) return false;
    try {
      await work();
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${lockKey})`.execute(connection);
    }
  });
}
