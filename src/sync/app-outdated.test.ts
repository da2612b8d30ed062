// A tablet still on the previous app after the server was upgraded (issue 17): its local database is of
// the previous local schema version, its outbox holds changes made offline, and its app's data version
// differs from the server's. The server answers "reload" (409 app_outdated) without doing any of it; the
// engine stops sending and keeps the outbox; the reloaded app opens the same database (upgraded to the
// current schema version) and sends every change, applied once.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { APP_OUTDATED, DATA_VERSION, DATA_VERSION_HEADER } from '../domain/data-version';
import type { LocalDb } from '../store/db';
import { schemaVersions } from '../store/schema';
import { deviceDb } from '../store/testing';
import { saveRecord } from '../store/writes';
import { useSyncStatus } from './status';
import { eventually, makeDevice, syncRig } from './testing/harness';

const rig = syncRig('deck_tablet', 'admin');

const engineOn = async (db: LocalDb, dataVersion: string) =>
  (await makeDevice(rig.server, rig.user, { db, dataVersion })).engine();

describe('a tablet on the previous app after the upgrade', () => {
  it('is told to reload, keeps its outbox, and the reloaded app sends it', async () => {
    const factory = new IDBFactory() as unknown as globalThis.IDBFactory;
    // The previous release's local schema: its first version only.
    const previous = schemaVersions.filter((step) => step.version === 1);
    const old = deviceDb(rig.user.id, { indexedDB: factory, versions: previous });
    const ctx = { db: old, userId: rig.user.id };
    const project = await saveRecord(ctx, 'project', { name: 'Nordic Star 2611' });
    await saveRecord(ctx, 'project', { name: 'Star Lindesnes 2411' });
    expect(await old.outbox.count()).toBe(2);

    const before = await old.outbox.toArray();
    const oldApp = await engineOn(old, 'previous-release');
    oldApp.start();
    await eventually(() => oldApp.state === 'app-outdated');
    expect(useSyncStatus.getState().phase).toBe('app-outdated');
    // Nothing of it was done on the server, and nothing left the outbox.
    expect((await rig.server.rest(rig.user, 'GET', `/api/project/${project.id}/`)).status).toBe(404);
    // (Only its count of attempts moved.)
    const unchanged = (entries: typeof before) => entries.map(({ attempts: _, ...entry }) => entry);
    expect(unchanged(await old.outbox.toArray())).toEqual(unchanged(before));
    // A change made meanwhile waits with the others: nothing is sent until the reload.
    await saveRecord(ctx, 'project', { name: 'Bothnia 2612' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await oldApp.whenIdle();
    expect(oldApp.state).toBe('app-outdated');
    expect(await old.outbox.count()).toBe(3);
    await oldApp.stop();
    old.close();

    // The reload: the new app, on the same database, upgraded to the current local schema.
    const reloaded = deviceDb(rig.user.id, { indexedDB: factory });
    await reloaded.open();
    expect(reloaded.verno).toBe(schemaVersions.at(-1)?.version);
    expect(await reloaded.outbox.count()).toBe(3);
    const newApp = await engineOn(reloaded, DATA_VERSION);
    newApp.start();
    await eventually(async () => (await reloaded.outbox.count()) === 0);
    await newApp.whenIdle();
    expect(newApp.state).toBe('idle');
    const names = await rig.server.rest<{ results: { name: string }[] }>(
      rig.user,
      'GET',
      '/api/project/?page_size=100',
    );
    expect(names.body.results.map((row) => row.name)).toEqual(
      expect.arrayContaining(['Nordic Star 2611', 'Star Lindesnes 2411', 'Bothnia 2612']),
    );
    await newApp.stop();
    reloaded.close();
  });

  it('the server answers an app of another data version 409 app_outdated, and serves one without it', async () => {
    const device = {
      client_id: '0193a000-0000-7000-8000-0000000000aa',
      pending: 0,
      needs_attention: 0,
      files_pending: 0,
    };
    const push = (headers: Record<string, string>) =>
      fetch(`${rig.server.url}/api/sync/push/`, {
        method: 'POST',
        headers: { authorization: `Token ${rig.user.token}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ ...device, mutations: [] }),
      });
    const refused = await push({ [DATA_VERSION_HEADER]: 'previous-release' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: APP_OUTDATED, data_version: DATA_VERSION });
    const pull = await fetch(
      `${rig.server.url}/api/sync/pull/?client_id=${device.client_id}&pending=0&needs_attention=0&files_pending=0`,
      {
        headers: { authorization: `Token ${rig.user.token}`, [DATA_VERSION_HEADER]: 'previous-release' },
      },
    );
    expect(pull.status).toBe(409);
    expect((await push({ [DATA_VERSION_HEADER]: DATA_VERSION })).status).toBe(200);
    expect((await push({})).status).toBe(200);
  });
});
