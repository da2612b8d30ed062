// What every push and pull tells the server about this device (sync-protocol.md, "Devices").
import type { DeviceState } from '../domain/sync-wire';
import { localCounts } from '../store/counts';
import type { LocalDb } from '../store/db';
import { getDevice } from '../store/meta';

export async function deviceStateOf(db: LocalDb, appVersion?: string): Promise<DeviceState> {
  const [device, counts] = await Promise.all([getDevice(db), localCounts(db)]);
  return {
    client_id: device.client_id,
    ...(device.device_name ? { device_name: device.device_name } : {}),
    ...(appVersion ? { app_version: appVersion } : {}),
    pending: counts.pending,
    needs_attention: counts.needs_attention,
    files_pending: counts.files_pending,
    ...(counts.oldest_pending_at ? { oldest_pending_at: counts.oldest_pending_at } : {}),
  };
}
