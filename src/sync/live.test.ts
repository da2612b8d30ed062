// Live updates against the real server: a change made on one device reaches another online device that
// holds its scope within 2 s, with no timer (intervalMs 0), through the server's live notices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRecord, updateRecord } from '../store/writes';
import { useSyncStatus } from './status';
import {
  eventually,
  lookupIds,
  makeDevice,
  type SyncServer,
  startSyncServer,
  type TestUser,
} from './testing/harness';

let server: SyncServer;
let tablet: TestUser;
let office: TestUser;

beforeAll(async () => {
  server = await startSyncServer();
  tablet = await server.user('live_tablet');
  office = await server.user('live_office');
});
afterAll(() => server?.close());

describe('live updates', () => {
  it("shows a tablet's new project and its tally on the office device within 2 s, without polling", async () => {
    const onDeck = await makeDevice(server, tablet);
    const inOffice = await makeDevice(server, office);
    await onDeck.pull();
    const { inProgress } = await lookupIds(onDeck.db);
    const coil = (await onDeck.db.rows('commodity').toArray()).find((row) => row.code === 'coil');
    const officeEngine = inOffice.engine({ live: true });
    const tabletEngine = onDeck.engine({ live: true });
    officeEngine.start();
    tabletEngine.start();
    await eventually(() => useSyncStatus.getState().live);
    await officeEngine.whenIdle();

    let started = Date.now();
    const project = await saveRecord(onDeck.ctx, 'project', { name: 'MV Live', status: inProgress });
    await eventually(async () => (await inOffice.row('project', project.id)) !== undefined, 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);

    // The office now holds the project (in progress): the tablet's tally shows there as it works.
    await officeEngine.whenIdle();
    const item = await saveRecord(onDeck.ctx, 'packing-list', {
      project: project.id,
      reference: 'LV-1',
      commodity: coil?.id,
      net_weight: '21500',
    });
    await eventually(async () => (await inOffice.row('packing-list', item.id)) !== undefined, 5_000);
    started = Date.now();
    await updateRecord(onDeck.ctx, 'packing-list', item.id, { validated: true });
    await eventually(async () => (await inOffice.row('packing-list', item.id))?.validated === true, 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);

    await officeEngine.stop();
    await tabletEngine.stop();
  });
});
