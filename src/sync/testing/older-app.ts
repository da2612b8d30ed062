// What an older app may have queued before today's local checks existed (a null for a defaulted field,
// a move to another project): the entry goes into the outbox as it is, with the server's copy that the
// app's writes keep beside it, so the server's answer and a discard work on it as on any other change.
import { uuidv7 } from '../../domain/ids';
import type { ResourceName } from '../../domain/registry';
import { appendEntry } from '../../store/entries';
import { keepServerCopy } from '../../store/writes';
import type { TestDevice } from './harness';

/** Queues an update of `id` carrying `data` unchecked; returns its mutation id. */
export async function queueAsOlderApp(
  device: TestDevice,
  resource: ResourceName,
  id: string,
  data: Record<string, unknown>,
  occurredAt = new Date().toISOString(),
): Promise<string> {
  const { db } = device;
  return db.transaction('rw', [db.outbox, db.meta, db.server_rows, db.rows(resource)], async () => {
    await keepServerCopy(db, resource, await db.rows(resource).get(id), id);
    const entry = await appendEntry(db, {
      mutation_id: uuidv7(),
      resource,
      op: 'update',
      record_id: id,
      data,
      base_version: null,
      occurred_at: occurredAt,
      user_id: device.user.id,
    });
    return entry.mutation_id;
  });
}
