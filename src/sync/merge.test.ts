// Two tablets each add the same vessel offline (typed twice), and use it; an admin merges the two in the
// office. Every record that used the merged vessel moves to the one kept, in one transaction, and both
// tablets converge through the pull: the merged vessel is gone from both, their records name the kept
// one, and a change one of them made offline before the merge, still naming the old vessel, lands on the
// kept one instead of being refused.
import { describe, expect, it } from 'vitest';
import { saveRecord, updateRecord } from '../store/writes';
import { lookupIds, makeDevice, syncRig, type TestDevice } from './testing/harness';

const rig = syncRig('merge_clerk');
const withRole = (device: TestDevice) => ({ ...device.ctx, role: () => 'staff' as const });

describe('merging two entries of a reference list', () => {
  it('moves every reference to the kept entry and both tablets converge', async () => {
    const a = await makeDevice(rig.server, rig.user);
    const b = await makeDevice(rig.server, rig.user);
    await a.pull();
    await b.pull();
    const { planned } = await lookupIds(a.db);

    // Offline, each tablet adds the vessel and a project for it.
    const kept = (await saveRecord(withRole(a), 'vessel', { name: 'Nordic Star', imo: '9074729' })).id;
    const typo = (await saveRecord(withRole(b), 'vessel', { name: 'Nordic Starr' })).id;
    const pa = (await saveRecord(withRole(a), 'project', { name: 'Call 1', vessel: kept, status: planned }))
      .id;
    const pb = (await saveRecord(withRole(b), 'project', { name: 'Call 2', vessel: typo, status: planned }))
      .id;
    expect(await a.push()).toMatchObject({ applied: 2 });
    expect(await b.push()).toMatchObject({ applied: 2 });
    await a.pull();
    await b.pull();
    expect((await a.row('vessel', typo))?.name).toBe('Nordic Starr');

    // Tablet b, offline again, makes another project with the vessel it added, before the merge.
    const late = (await saveRecord(withRole(b), 'project', { name: 'Call 3', vessel: typo, status: planned }))
      .id;
    await updateRecord(withRole(b), 'project', pb, { voyage: 'V-7' });

    const merged = await rig.server.rest<{ into: string; moved: { resource: string; count: number }[] }>(
      rig.server.admin,
      'POST',
      `/api/vessel/${typo}/merge/`,
      { into: kept },
    );
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.moved).toEqual([{ resource: 'project', field: 'vessel', count: 1 }]);

    // b comes back: its changes apply (the new project to the kept vessel), then both pull.
    expect(await b.push()).toMatchObject({ applied: 2 });
    await a.pull();
    await b.pull();

    for (const device of [a, b]) {
      expect(await device.row('vessel', typo)).toBeUndefined();
      expect((await device.row('vessel', kept))?.name).toBe('Nordic Star');
      for (const project of [pa, pb, late]) expect((await device.row('project', project))?.vessel).toBe(kept);
      expect((await device.row('project', pb))?.voyage).toBe('V-7');
    }
    const onServer = await rig.server.server.query(
      'select id, vessel, version from project where id = any($1) and deleted_at is null order by id',
      [[pa, pb, late]],
    );
    expect(onServer.map((row) => row.vessel)).toEqual([kept, kept, kept]);
    for (const row of onServer)
      expect((await a.row('project', String(row.id)))?.version).toBe(Number(row.version));
    expect(await a.db.outbox.count()).toBe(0);
    expect(await b.db.outbox.count()).toBe(0);
  });
});
