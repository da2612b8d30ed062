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

/** Records what a device reported (its row made on its first contact; another user's device left as it is). */
export async function recordDevice(
  database: Database,
  userId: string,
  state: DeviceState,
  contact: 'push' | 'pull',
) {
  const stamp = contact === 'push' ? sql`last_push_at` : sql`last_pull_at`;
  await sql`insert into sync_device (client_id, user_id, device_name, app_version, pending, needs_attention, files_pending, oldest_pending_at, last_seen_at, ${stamp})
    values (${state.client_id}::uuid, ${userId}::uuid, ${state.device_name ?? ''}::text, ${state.app_version ?? null}::text, ${state.pending ?? 0}::integer, ${state.needs_attention ?? 0}::integer, ${state.files_pending ?? 0}::integer, ${state.oldest_pending_at ?? null}::timestamptz, now(), now())
    on conflict (client_id) do update set user_id = coalesce(sync_device.user_id, excluded.user_id),
      device_name = case when excluded.device_name = '' then sync_device.device_name else excluded.device_name end,
      app_version = coalesce(excluded.app_version, sync_device.app_version),
      pending = excluded.pending, needs_attention = excluded.needs_attention, files_pending = excluded.files_pending,
      oldest_pending_at = excluded.oldest_pending_at, last_seen_at = now(), ${stamp} = now()
    where sync_device.user_id is null or sync_device.user_id = excluded.user_id`.execute(database.db);
}

/**
 * How stale a pull's last contact may be shown: a pull whose device's row already holds what it reports
 * (pending counts, name, version) and was stamped by a pull this recently writes nothing.
 */
export const CONTACT_PRECISION_MS = 30_000;

/**
 * SQL, over the device's row `d` (null when it has none): whether the row already holds `state`, with a
 * pull stamped within CONTACT_PRECISION_MS, so recording it again would change only the time of contact.
 */
export function holdsReport(state: DeviceState): RawBuilder<boolean | null> {
  return sql<boolean | null>`(d.last_pull_at > now() - make_interval(secs => ${CONTACT_PRECISION_MS / 1000})
      and d.pending = ${state.pending ?? 0}::integer and d.needs_attention = ${state.needs_attention ?? 0}::integer
      and d.files_pending = ${state.files_pending ?? 0}::integer
      and d.oldest_pending_at is not distinct from ${state.oldest_pending_at ?? null}::timestamptz
      and (${state.device_name ?? ''}::text = '' or d.device_name = ${state.device_name ?? ''}::text)
      and (${state.app_version ?? null}::text is null or d.app_version = ${state.app_version ?? null}::text))`;
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
