// The first statement of every pull, and on a scope with nothing new the whole of it: devices pull each
// scope they hold every minute, and most of those pulls find nothing. One statement reads the device's
// owner, the purge mark, whether the project exists and the scope's high-water mark (sync_scope_mark,
// kept by a trigger under the seq lock, 0070_sync_scope_mark.sql), and — when the cursor is at or above
// that mark — records the device's state. A write committed by any server process before the pull began
// is then below the mark it reads: nothing kept in memory can be stale.
import { sql } from 'kysely';
import type { DeviceState } from '../../src/domain/sync-wire.js';
import type { Database } from '../db/database.js';
import { notFound, ValidationError } from '../http/errors.js';
import { type Cursor, encodeCursor } from './cursor.js';
import { NOT_YOURS, upsertDevice } from './device.js';
import type { PullAnswer, parseScope } from './pull.js';

type Scope = ReturnType<typeof parseScope>;

/**
 * The pull answered (nothing new, the device recorded), or the scope's mark for the pull that reads its
 * changes. Refuses another user's device (nothing recorded) and a project that does not exist.
 */
export async function quietPull(
  database: Database,
  userId: string,
  state: DeviceState,
  scope: Scope,
  from: Cursor,
): Promise<{ answer?: PullAnswer; mark: number }> {
  const name = scope.kind === 'global' ? 'global' : `project:${scope.id}`;
  const found =
    scope.kind === 'global' ? sql`true` : sql`exists (select 1 from project where id = ${scope.id})`;
  // Only a device with a cursor can have nothing new; a first pull counts the scope's rows.
  const after = from.purged === null ? -1 : from.seq;
  const gone =
    from.purged === null ? sql`false` : sql`(k.purged > ${from.purged} and ${from.seq} < k.purged)`;
  const recorded = upsertDevice(userId, state, 'pull', {
    from: sql`from known k`,
    when: sql`k.found and (k.owner is null or k.owner = ${userId}::uuid) and k.mark <= ${after} and not ${gone}`,
  });
  const result = await sql<{
    owner: string | null;
    purged: string | number;
    mark: string | number;
    found: boolean;
    recorded: boolean;
  }>`with known as (
      select (select user_id from sync_device where client_id = ${state.client_id}) as owner,
        coalesce((select value::text::bigint from app_meta where key = 'purged_through_seq'), 0) as purged,
        coalesce((select mark from sync_scope_mark where scope = ${name}), 0) as mark,
        ${found} as found
    ), recorded as (${recorded} returning 1)
    select k.owner, k.purged, k.mark, k.found, exists (select 1 from recorded) as recorded from known k`.execute(
    database.db,
  );
  const known = result.rows[0];
  if (!known) throw new Error('the pull read nothing');
  if (known.owner && known.owner !== userId) throw new ValidationError({ client_id: [NOT_YOURS] });
  if (!known.found) throw notFound();
  const mark = Number(known.mark);
  if (!known.recorded) return { mark };
  const purged = Number(known.purged);
  return {
    mark,
    answer: {
      changes: '[]',
      cursor: encodeCursor({ seq: Math.max(from.seq, purged), purged }),
      has_more: false,
    },
  };
}
