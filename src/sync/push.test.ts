// Push against the real server: offline creates, edits in order, lost answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRecord, updateRecord } from '../store/writes';
import { pushAll } from './push';
import { lookupIds, makeDevice, type SyncServer, startSyncServer, type TestUser } from './testing/harness';

let server: SyncServer;
let staff: TestUser;

beforeAll(async () => {
  server = await startSyncServer();
  staff = await server.user('prompter_one');
});
afterAll(() => server?.close());

describe('push', () => {
  it('creates offline, then pushes: the server has the records and the marks clear', async () => {
    const device = await makeDevice(server, staff);
    await device.pull();
    const ids = await lookupIds(device.db);
    // Offline: nothing is sent while saving.
    const project = await saveRecord(device.ctx, 'project', { name: 'MV Offline 1', status: ids.inProgress });
    const event = await saveRecord(device.ctx, 'project-event', {
      project: project.id,
      event: ids.workingShift,
      init_date: '2026-11-22T06:00:00Z',
    });
    const hand = await saveRecord(device.ctx, 'hand', {
      event: event.id,
      description: 'Gang 2',
      crew_count: 9,
    });
    expect((await device.row('hand', hand.id))?._sync).toBe('pending');

    const summary = await device.push();
    expect(summary).toMatchObject({ sent: 3, applied: 3, needsAttention: 0 });
    expect(await device.db.outbox.count()).toBe(0);
    const local = await device.row('hand', hand.id);
    expect(local?._sync).toBeUndefined();
    expect(local).toMatchObject({ version: 1, project: project.id, crew_count: 9 });
    const remote = await server.rest(staff, 'GET', `/api/hand/${hand.id}/`);
    expect(remote.status).toBe(200);
    expect(remote.body).toMatchObject({ description: 'Gang 2', crew_count: 9 });
  });

  it('stores an answer of a batch at once: changes of the record in the next batch and one made meanwhile stay on top', async () => {
    const device = await makeDevice(server, staff);
    const { id } = await saveRecord(device.ctx, 'project', { name: 'MV Batched' });
    await device.push();
    for (const data of [{ number_gangs: 1 }, { number_gangs: 2 }, { dock: 'North' }, { number_gangs: 4 }])
      await updateRecord(device.ctx, 'project', id, data);
    let calls = 0;
    let between: { row: unknown; copy: unknown; outbox: unknown } | undefined;
    const api: typeof device.api = {
      ...device.api,
      push: async (mutations, state) => {
        calls += 1;
        // Typed while the first batch is on its way: outside it, after the rest.
        if (calls === 1) await updateRecord(device.ctx, 'project', id, { dock: 'East' });
        // The first answer stored, the second batch not sent yet.
        if (calls === 2)
          between = {
            row: await device.row('project', id),
            copy: (await device.db.server_rows.get(`project/${id}`))?.row,
            outbox: (await device.db.outbox.orderBy('seq').toArray()).map((entry) => entry.data),
          };
        return device.api.push(mutations, state);
      },
    };
    const summary = await pushAll({
      db: device.db,
      api,
      deviceState: device.deviceState,
      userId: staff.id,
      batchSize: 2,
    });
    expect(summary).toMatchObject({ sent: 5, applied: 5, needsAttention: 0 });
    // After the first answer: the server's row (2 changes in) with the 3 changes still to go laid over it.
    expect(between?.copy).toMatchObject({ version: 3, number_gangs: 2 });
    expect(between?.row).toMatchObject({ version: 3, number_gangs: 4, dock: 'East', _sync: 'pending' });
    expect(between?.outbox).toEqual([{ dock: 'North' }, { number_gangs: 4 }, { dock: 'East' }]);
    const local = await device.row('project', id);
    expect(local).toMatchObject({ version: 6, number_gangs: 4, dock: 'East' });
    expect(local?._sync).toBeUndefined();
    const remote = await server.rest(staff, 'GET', `/api/project/${id}/`);
    expect(remote.body).toMatchObject({ version: 6, number_gangs: 4, dock: 'East' });
  });

  it('edits twice offline: one mutation per change, in order, and the final state is right', async () => {
    const device = await makeDevice(server, staff);
    const { id } = await saveRecord(device.ctx, 'project', { name: 'MV Twice' });
    await device.push();
    await updateRecord(device.ctx, 'project', id, { number_gangs: 2 });
    await updateRecord(device.ctx, 'project', id, { number_gangs: 3, dock: 'North' });
    const sent = await device.db.outbox.orderBy('seq').toArray();
    expect(sent.map((entry) => entry.data)).toEqual([
      { number_gangs: 2 },
      { number_gangs: 3, dock: 'North' },
    ]);

    await device.push();
    const history = await server.rest<{
      results: { action: string; version: number; changes: Record<string, { to: unknown }> }[];
    }>(staff, 'GET', `/api/project/${id}/history/`);
    expect(history.body.results.map((entry) => [entry.action, entry.version])).toEqual([
      ['create', 1],
      ['update', 2],
      ['update', 3],
    ]);
    expect(history.body.results[1].changes.number_gangs.to).toBe(2);
    expect(history.body.results[2].changes.number_gangs.to).toBe(3);
    const remote = await server.rest(staff, 'GET', `/api/project/${id}/`);
    expect(remote.body).toMatchObject({ number_gangs: 3, dock: 'North', version: 3 });
    expect(await device.row('project', id)).toMatchObject({ number_gangs: 3, dock: 'North', version: 3 });
  });

  it('retries after the answer is lost: the server applied it once, the retry is a duplicate', async () => {
    let dropped = 0;
    // The server gets the push and answers; the device never hears it.
    const losingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/sync/push/') && dropped === 0) {
        dropped += 1;
        await response.arrayBuffer();
        throw new TypeError('fetch failed: connection reset');
      }
      return response;
    };
    const device = await makeDevice(server, staff, { fetch: losingFetch });
    const { id } = await saveRecord(device.ctx, 'project', { name: 'MV Lost Answer' });
    await expect(device.push()).rejects.toThrow(/connection reset/);
    expect(dropped).toBe(1);
    const [entry] = await device.db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'pending', attempts: 1 });

    expect(await device.push()).toMatchObject({ applied: 1 });
    expect(await device.db.outbox.count()).toBe(0);
    const rows = await server.server.query('select count(*)::int as n from project where id = $1', [id]);
    expect(rows[0].n).toBe(1);
    const audit = await server.server.query(
      "select count(*)::int as n from audit_log where resource = 'project' and record_id = $1",
      [id],
    );
    expect(audit[0].n).toBe(1);
  });
});
