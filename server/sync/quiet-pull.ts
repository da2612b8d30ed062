// The first statement of every pull, and on a scope with nothing new the whole of it: devices pull each
// scope they hold every minute, and most of those pulls find nothing. One read-only statement reads the
// device's row (its owner, and whether it already holds what the device reports now), the purge mark,
// whether the project exists and the scope's high-water mark (sync_scope_mark, kept by a trigger under
// the seq lock, 0070_sync_scope_mark.sql). A write committed by any server process before the pull began
// is then below the mark it reads: nothing kept in memory can be stale. The device's report is written
// only when it changed or its last contact is older than CONTACT_PRECISION: a device pulling its scopes
// one after another (global, then each project) writes its row once, not once per scope.
import { type RawBuilder, sql } from 'kysely';
import type { DeviceState } from '../../src/domain/sync-wire.js';
import type { Database } from '../db/database.js';
import { invalidToken, notFound, ValidationError } from '../http/errors.js';
import { type Cursor, encodeCursor } from './cursor.js';
import { holdsReport, NOT_YOURS, recordDevice } from './device.js';
import type { PullAnswer, parseScope } from './pull.js';
import type { QuietMemory } from './quiet-memory.js';

type Scope = ReturnType<typeof parseScope>;

/**
 * The pull answered (nothing new, the device recorded), or the scope's mark for the pull that reads its
 * changes. Refuses another user's device (nothing recorded) and a project that does not exist; and, with
 * `token` (on PostgreSQL: whether the caller's token still stands, auth.service tokenStands), a
 * token revoked since this process verified it (401, and `revoked` drops it from the cache).
 */
export async function quietPull(
  database: Database,
  userId: string,
  state: DeviceState,
  scope: Scope,
  from: Cursor,
  { memory, token }: { memory?: QuietMemory; token?: { valid: RawBuilder<boolean>; revoked(): void } } = {},
): Promise<{ answer?: PullAnswer; mark: number }> {
  const name = scope.kind === 'global' ? 'global' : `project:${scope.id}`;
  const remembered = memory?.answer(userId, state, name, from);
  if (remembered) return { answer: remembered, mark: from.seq };
  let writes = memory?.writes ?? 0;
  const cleared = memory?.cleared ?? 0;
  const found =
    scope.kind === 'global' ? sql`true` : sql`exists (select 1 from project where id = ${scope.id})`;
  const result = await sql<{
    owner: string | null;
    purged: string | number;
    mark: string | number;
    found: boolean;
    current: boolean | null;
    pulled_at: number | null;
    token_ok: boolean;
  }>`select ${token?.valid ?? sql`true`} as token_ok, d.user_id as owner, extract(epoch from d.last_pull_at)::float8 * 1000 as pulled_at,
      coalesce((select value::text::bigint from app_meta where key = 'purged_through_seq'), 0) as purged,
      coalesce((select mark from sync_scope_mark where scope = ${name}), 0) as mark,
      ${found} as found,
      ${holdsReport(state)} as current
    from (select 1) one left join sync_device d on d.client_id = ${state.client_id}`.execute(database.db);
  const known = result.rows[0];
  if (!known) throw new Error('the pull read nothing');
  if (!known.token_ok) {
    token?.revoked();
    throw invalidToken();
  }
  if (known.owner && known.owner !== userId) throw new ValidationError({ client_id: [NOT_YOURS] });
  if (!known.found) throw notFound();
  const mark = Number(known.mark);
  const purged = Number(known.purged);
  const read = { owner: known.owner, purged, mark, found: known.found, cleared };
  // Only a device with a cursor can have nothing new; a first pull counts the scope's rows.
  if (from.purged === null || mark > from.seq || (purged > from.purged && from.seq < purged)) {
    memory?.learn(name, read, userId, state);
    return { mark };
  }
  let pulledAt = known.pulled_at ?? 0;
  if (!known.current) {
    writes = memory?.writes ?? 0;
    await recordDevice(database, userId, state, 'pull');
    pulledAt = Date.now();
  }
  memory?.learn(name, read, userId, state, { writes, pulledAt });
  return {
    mark,
    answer: {
      cursor: encodeCursor({ seq: Math.max(from.seq, purged), purged }),
      has_more: false,
    },
  };
}
