import { type Kysely, sql } from 'kysely';
import type { Engine } from './database.js';

const SEQ_LOCK = 727275;

/**
 * Every change takes its `seq` from one global sequence, and pulls read rows after a cursor. For no
 * change to be skipped, seq order must be commit order: on PostgreSQL a writer takes this
 * transaction-scoped lock before it takes a seq, and holds it until it commits. (PGlite runs one
 * transaction at a time, which gives the same order.)
 */
export async function lockSeq(trx: Kysely<unknown>, engine: Engine) {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${SEQ_LOCK})`.execute(trx);
}
