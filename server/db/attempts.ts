// Attempts counted for a limit, in the database so that several server processes share the count:
// failed sign-ins and old passwords (server/auth/throttle.ts), contact requests per address. They live
// in login_failure (0001_foundation), each under a key naming its limit ('pair:', 'addr:', 'change:',
// 'contact:'), and are kept for their window only.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Tables } from './tables.js';

/** The advisory locks of the counts: (727277, hash of the key); 727274-727276 are single-key locks elsewhere. */
const ATTEMPT_LOCKS = 727277;

/**
 * Milliseconds since `at`, from the moment of counting (the lock held), not the transaction's start: an
 * attempt that began later but took the lock first has its row recorded after this transaction's now().
 * At least 0, for every limit counted here: a row "ahead" (a clock set back) asks no longer wait.
 */
const agoMs = (at: RawBuilder<unknown>) =>
  sql<number>`greatest(0, extract(epoch from clock_timestamp() - ${at}) * 1000)::float8`;

export interface AttemptCounts {
  key: string;
  /** Attempts within the window, not counting the one being made. */
  failures: number;
  /** How long ago the oldest and the latest of them were made (never negative: a row is never "ahead"). */
  oldestAgoMs: number;
  lastAgoMs: number;
}

/**
 * Counts each key's attempts within the window and, if `admit` lets the attempt through, records it
 * under every key; answers its time (to take it back by), or undefined when not admitted. One
 * transaction under a lock per key, so attempts fired together, on one server process or several,
 * each see those before them. Times are the database's.
 */
export function countAndRecord(
  db: Kysely<Tables>,
  keys: string[],
  windowMinutes: number,
  admit: (counts: AttemptCounts[]) => boolean,
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    for (const key of [...keys].sort())
      await sql`select pg_advisory_xact_lock(${ATTEMPT_LOCKS}, hashtext(${key}))`.execute(trx);
    await trx
      .deleteFrom('login_failure')
      .where('key', 'in', keys)
      .where('at', '<=', sql<string>`now() - make_interval(mins => ${windowMinutes})`)
      .execute();
    const counts = await trx
      .selectFrom('login_failure')
      .select([
        'key',
        sql<number>`count(*)::int`.as('failures'),
        agoMs(sql`min(at)`).as('oldestAgoMs'),
        agoMs(sql`max(at)`).as('lastAgoMs'),
      ])
      .where('key', 'in', keys)
      .groupBy('key')
      .execute();
    if (!admit(counts)) return undefined;
    const rows = await trx
      .insertInto('login_failure')
      .values(keys.map((key) => ({ key })))
      // As text: a Date would lose the microseconds the row is found again by.
      .returning(sql<string>`at::text`.as('at'))
      .execute();
    return rows[0]?.at;
  });
}
