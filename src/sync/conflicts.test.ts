// Two sides changing the same data: the server deletes what a device edits offline; two devices edit one
// record (different fields: both kept; the same field: the later change wins, the earlier is a conflict,
// the audit keeps both), with clocks a year off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardEntry, retryEntry } from '../store/attention';
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

const YEAR = 365 * 24 * 3600 * 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

  it('two devices edit the same field: the later change stands; the earlier is a conflict naming it, never applied', async () => {
    const first = await makeDevice(server, staff);
    const second = await makeDevice(server, other);
    const { id } = await saveRecord(first.ctx, 'project', { name: 'MV Same Field' });
    await first.push();
    await second.pull();

    await updateRecord(first.ctx, 'project', id, { dock: 'Earlier' });
    await pause(100);
    await updateRecord(second.ctx, 'project', id, { dock: 'Later' });
    // The later change reaches the server first; the earlier one must not overwrite it, and says so.
    await second.push();
    expect(await first.push()).toMatchObject({ applied: 0, needsAttention: 1 });
    const [item] = await needsAttention(first.db);
    expect(item.entry).toMatchObject({
      outcome: 'conflict',
      detail: 'A later change stands: dock = "Later".',
    });
    expect(item.server).toMatchObject({ dock: 'Later' });
    await discardEntry(first.db, item.entry.mutation_id);
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

  it('clocks a year off: changes are ordered by when the server got them; a conflict the user retries stands', async () => {
    const ahead = await makeDevice(server, staff, { now: () => Date.now() + YEAR });
    const behind = await makeDevice(server, other, { now: () => Date.now() - YEAR });
    const office = await makeDevice(server, server.admin);
    const { id } = await saveRecord(office.ctx, 'project', { name: 'MV Skewed Clocks' });
    await office.push();
    await ahead.pull();
    await behind.pull();
    const remote = async () => (await server.rest(staff, 'GET', `/api/project/${id}/`)).body;

    // The tablet a year ahead edits; the office corrects it later: the office's value stands.
    await updateRecord(ahead.ctx, 'project', id, { dock: 'Tablet ahead' });
    await ahead.push();
    await pause(100);
    await updateRecord(office.ctx, 'project', id, { dock: 'Office' });
    expect(await office.push()).toMatchObject({ applied: 1, needsAttention: 0 });
    expect(await remote()).toMatchObject({ dock: 'Office' });

    // The tablet a year behind edits after that: its change stands.
    await pause(100);
    await updateRecord(behind.ctx, 'project', id, { dock: 'Tablet behind' });
    expect(await behind.push()).toMatchObject({ applied: 1, needsAttention: 0 });
    expect(await remote()).toMatchObject({ dock: 'Tablet behind' });

    // Offline, the tablet ahead edits before the office does; sent after, it needs attention...
    await updateRecord(ahead.ctx, 'project', id, { remarks: 'from the hold' });
    await pause(100);
    await updateRecord(office.ctx, 'project', id, { remarks: 'from the office' });
    await office.push();
    expect(await ahead.push()).toMatchObject({ applied: 0, needsAttention: 1 });
    const [item] = await needsAttention(ahead.db);
    expect(item.entry.detail).toBe('A later change stands: remarks = "from the office".');
    expect(item.entry.detail_key).toEqual({
      key: 'sync.superseded',
      values: { fields: 'remarks = "from the office"' },
    });
    // ...until its user keeps theirs: sent again as their decision now, it stands.
    await retryEntry(ahead.db, item.entry.mutation_id, undefined, Date.now() + YEAR);
    expect(await ahead.push()).toMatchObject({ applied: 1, needsAttention: 0 });
    expect(await remote()).toMatchObject({ remarks: 'from the hold', dock: 'Tablet behind' });
  });
});
