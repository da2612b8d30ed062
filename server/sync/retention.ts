import { sql } from 'kysely';
import { resourceNames, resources } from '../../src/domain/registry.js';
import type { Database } from '../db/database.js';
import { CHANGES_CHANNEL } from '../live/changes.js';
import { PURGED_NOTICE } from './quiet-memory.js';

const TOMBSTONE_DAYS = 90;
const IDEMPOTENCY_DAYS = 30;

/**
 * Removes tombstones older than the retention and records the highest seq removed: a device whose
 * cursor is below it may have missed a delete, so its pull answers 410 and it downloads again.
 * Children go first; a tombstone still referenced by a live row stays until it is not.
 */
export async function purgeExpired(database: Database, days = TOMBSTONE_DAYS): Promise<number> {
  const { db } = database;
  let purgedThrough = 0;
  let removed = 0;
  for (const name of [...resourceNames].reverse()) {
    const table = sql.table(resources[name].table);
    try {
      const rows = await sql<{
        seq: number;
      }>`delete from ${table} where deleted_at < now() - make_interval(days => ${days}) returning seq`.execute(
        db,
      );
      removed += rows.rows.length;
      for (const row of rows.rows) purgedThrough = Math.max(purgedThrough, Number(row.seq));
    } catch {
      // A tombstone still referenced by a live row (a deleted lookup in use): kept for a later run.
    }
  }
  if (purgedThrough > 0)
    await sql`insert into app_meta (key, value) values ('purged_through_seq', ${JSON.stringify(purgedThrough)}::jsonb)
      on conflict (key) do update set value = to_jsonb(greatest((app_meta.value)::bigint, ${purgedThrough}::bigint)), updated_at = now()`.execute(
      db,
    );
  // Tombstones (projects among them) are gone: a process that remembers scopes reads them again.
  if (removed > 0) await sql`select pg_notify(${CHANGES_CHANNEL}, ${PURGED_NOTICE})`.execute(db);
  await sql`delete from idempotency_key where created_at < now() - make_interval(days => ${IDEMPOTENCY_DAYS})`.execute(
    db,
  );
  await sql`delete from login_failure where at < now() - interval '1 day'`.execute(db);
  return removed;
}
