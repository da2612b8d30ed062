import { type RawBuilder, sql } from 'kysely';
import type { DeviceState } from '../../src/domain/sync-wire.js';
import type { Database } from '../db/database.js';
import { ValidationError } from '../http/errors.js';
import { say } from '../i18n/message.js';

export const NOT_YOURS = say('sync.device_owner');

/**
 * A device id belongs to the user who registered it (the app makes one per user): another user sending it
 * is refused before anything is read or written, so the device's row and answers stay its owner's.
 */
export async function checkDeviceOwner(database: Database, userId: string, clientId: string) {
  const owner = await sql<{
    user_id: string | null;
  }>`select user_id from sync_device where client_id = ${clientId}`.execute(database.db);
  const registered = owner.rows[0]?.user_id;
  if (registered && registered !== userId) throw new ValidationError({ client_id: [NOT_YOURS] });
}

export async function recordDevice(
  database: Database,
  userId: string,
  state: DeviceState,
  contact: 'push' | 'pull',
) {
  await upsertDevice(userId, state, contact).execute(database.db);
}

/**
 * The statement that records what a device reported (its row made on its first contact; another user's
 * device left as it is): `from` and `when` make it record only when a condition on rows read by the same
 * statement holds (quiet-pull.ts).
 */
export function upsertDevice(
  userId: string,
  state: DeviceState,
  contact: 'push' | 'pull',
  { from = sql``, when = sql`true` }: { from?: RawBuilder<unknown>; when?: RawBuilder<unknown> } = {},
) {
  const stamp = contact === 'push' ? sql`last_push_at` : sql`last_pull_at`;
  return sql`insert into sync_device (client_id, user_id, device_name, app_version, pending, needs_attention, files_pending, oldest_pending_at, last_seen_at, ${stamp})
    select ${state.client_id}::uuid, ${userId}::uuid, ${state.device_name ?? ''}::text, ${state.app_version ?? null}::text, ${state.pending ?? 0}::integer, ${state.needs_attention ?? 0}::integer, ${state.files_pending ?? 0}::integer, ${state.oldest_pending_at ?? null}::timestamptz, now(), now()
    ${from} where ${when}
    on conflict (client_id) do update set user_id = coalesce(sync_device.user_id, excluded.user_id),
      device_name = case when excluded.device_name = '' then sync_device.device_name else excluded.device_name end,
      app_version = coalesce(excluded.app_version, sync_device.app_version),
      pending = excluded.pending, needs_attention = excluded.needs_attention, files_pending = excluded.files_pending,
      oldest_pending_at = excluded.oldest_pending_at, last_seen_at = now(), ${stamp} = now()
    where sync_device.user_id is null or sync_device.user_id = excluded.user_id`;
}

export async function listDevices(database: Database) {
  const rows = await sql<
    Record<string, unknown>
  >`select d.client_id, d.device_name, d.app_version, d.pending, d.needs_attention, d.files_pending,
      d.oldest_pending_at, d.last_seen_at, d.last_push_at, d.last_pull_at,
      case when u.id is null then null else json_build_object('id', u.id, 'username', u.username, 'first_name', u.first_name, 'last_name', u.last_name) end as user
    from sync_device d left join users u on u.id = d.user_id
    order by (d.pending + d.needs_attention > 0) desc, d.oldest_pending_at asc nulls last, d.last_seen_at desc`.execute(
    database.db,
  );
  return rows.rows;
}
