// Two sides changing the same data: the server deletes what a device edits offline; two devices edit one
// record (different fields: both kept; the same field: the later change wins, the audit keeps both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardEntry } from '../store/attention';
import { needsAttention } from '../store/queries';
import { saveRecord, updateRecord } from '../store/writes';
import { makeDevice, type SyncServer, startSyncServer, type TestUser } from './testing/harness';

let server: SyncServer;
let staff: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startSyncServer();
  staff = await server.user('tally_clerk');
  other = await server.user('second_clerk');
});
afterAll(() => server?.close());

type History = { results: { action: string; changes: Record<string, { from: unknown; to: unknown }> }[] };

describe('conflicts', () => {
  it('a row deleted on the server while edited offline: kept here, then needs attention; discard removes it', async () => {
    const device = await makeDevice(server, staff);
    const { id } = await saveRecord(device.ctx, 'project', { name: 'MV Doomed' });
    await device.push();
    expect((await server.rest(server.admin, 'DELETE', `/api/project/${id}/`)).status).toBe(204);

    await updateRecord(device.ctx, 'project', id, { remarks: 'written offline' });
    // The tombstone arrives first: the record stays, with the user's edit, until the push resolves.
    await device.pull();
    expect(await device.row('project', id)).toMatchObject({ remarks: 'written offline', _sync: 'pending' });

    await device.push();
    const [item] = await needsAttention(device.db);
    expect(item.entry).toMatchObject({
      record_id: id,
      outcome: 'conflict',
      detail: 'deleted',
      server_row: null,
    });
    expect(item.local).toMatchObject({ remarks: 'written offline', _sync: 'needs_attention' });

    await discardEntry(device.db, item.entry.mutation_id);
    expect(await device.row('project', id)).toBeUndefined();
    await device.pull();
    expect(await device.row('project', id)).toBeUndefined();
  });

  it('two devices edit different fields of one record: both changes are kept', async () => {
    const first = await makeDevice(server, staff);
    const second = await makeDevice(server, other);
    const { id } = await saveRecord(first.ctx, 'project', { name: 'MV Shared' });
    await first.push();
    await second.pull();

    await updateRecord(first.ctx, 'project', id, { dock: 'Berth 4' });
    await updateRecord(second.ctx, 'project', id, { remarks: 'Rain from 14:00' });
    await second.push();
    await first.push();
    await first.pull();
    await second.pull();
    const remote = await server.rest(staff, 'GET', `/api/project/${id}/`);
    expect(remote.body).toMatchObject({ dock: 'Berth 4', remarks: 'Rain from 14:00' });
    for (const device of [first, second])
      expect(await device.row('project', id)).toMatchObject({ dock: 'Berth 4', remarks: 'Rain from 14:00' });
  });

  it('two devices edit the same field: the later change wins and the audit keeps both', async () => {
    const first = await makeDevice(server, staff);
    const second = await makeDevice(server, other);
    const { id } = await saveRecord(first.ctx, 'project', { name: 'MV Same Field' });
    await first.push();
    await second.pull();

    await updateRecord(first.ctx, 'project', id, { dock: 'Earlier' });
    await new Promise((resolve) => setTimeout(resolve, 15));
    await updateRecord(second.ctx, 'project', id, { dock: 'Later' });
    // The later change reaches the server first; the earlier one must not overwrite it.
    await second.push();
    await first.push();
    await first.pull();
    const remote = await server.rest(staff, 'GET', `/api/project/${id}/`);
    expect(remote.body).toMatchObject({ dock: 'Later' });
    expect(await first.row('project', id)).toMatchObject({ dock: 'Later' });
    const history = await server.rest<History>(staff, 'GET', `/api/project/${id}/history/`);
    const docks = history.body.results.flatMap((entry) => (entry.changes.dock ? [entry.changes.dock] : []));
    expect(docks.map((change) => change.to ?? change.from)).toEqual(
      expect.arrayContaining(['Later', 'Earlier']),
    );
  });
});
