// Refused changes against the real server: they wait for the user with the server's words, what depends
// on them waits too, the rest flows; fix-and-retry and deliberate discard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../domain/messages';
import { discardEntry, discardPreview, retryEntry } from '../store/attention';
import { needsAttention, pendingState } from '../store/queries';
import { saveRecord, updateRecord } from '../store/writes';
import { nextBatch } from './push';
import { startFaultProxy } from './testing/fault-proxy';
import { lookupIds, makeDevice, type SyncServer, startSyncServer, type TestUser } from './testing/harness';
import { queueAsOlderApp } from './testing/older-app';

let server: SyncServer;
let staff: TestUser;

beforeAll(async () => {
  server = await startSyncServer();
  staff = await server.user('supervisor_two');
});
afterAll(() => server?.close());

describe('needs attention', () => {
  it('a rejected change waits with its dependents while the independent ones behind it apply', async () => {
    const taken = await server.rest(staff, 'POST', '/api/project/', { name: 'Taken', code: 'DUP-1' });
    expect(taken.status).toBe(201);
    const device = await makeDevice(server, staff);
    await device.pull();
    const ids = await lookupIds(device.db);

    const bad = await saveRecord(device.ctx, 'project', { name: 'MV Clash', code: 'DUP-1' });
    const badEdit = await updateRecord(device.ctx, 'project', bad.id, { dock: 'South' });
    const good = await saveRecord(device.ctx, 'project', { name: 'MV Fine', code: 'FINE-1' });
    const child = await saveRecord(device.ctx, 'project-event', {
      project: bad.id,
      event: ids.workingShift,
      init_date: '2026-11-22T06:00:00Z',
    });
    const summary = await device.push();
    expect(summary).toMatchObject({ applied: 1, needsAttention: 1 });

    expect((await server.rest(staff, 'GET', `/api/project/${good.id}/`)).status).toBe(200);
    expect((await server.rest(staff, 'GET', `/api/project/${bad.id}/`)).status).toBe(404);
    const items = await needsAttention(device.db);
    expect(items).toHaveLength(1);
    expect(items[0].entry).toMatchObject({ mutation_id: bad.mutation_id, outcome: 'rejected', op: 'create' });
    expect(Object.keys(items[0].entry.errors ?? {})).toEqual(['code']);
    // The server keyed its refusal: the device keeps the domain message's code, which its screens word in
    // the user's language (src/ui/fieldErrors.ts), not the sentence of the push's language.
    expect(items[0].entry.errors?.code).toEqual([messages.unique('project', 'code')]);
    // The user's data is kept, on the record and in the entry.
    expect(items[0].local).toMatchObject({
      name: 'MV Clash',
      code: 'DUP-1',
      dock: 'South',
      _sync: 'needs_attention',
    });
    // What depends on it waits, without words of its own.
    for (const id of [badEdit.mutation_id, child.mutation_id])
      expect(await device.db.outbox.get(id ?? '')).toMatchObject({ state: 'pending', errors: null });
    expect(await nextBatch(device.db, staff.id, 200)).toEqual([]);
    expect(await pendingState(device.db, 'project', good.id)).toBe('synced');

    // Fix and retry: the stuck create and everything behind it arrive.
    await retryEntry(device.db, bad.mutation_id ?? '', { code: 'DUP-2' });
    expect(await device.row('project', bad.id)).toMatchObject({ code: 'DUP-2', _sync: 'pending' });
    expect(await device.push()).toMatchObject({ applied: 3, needsAttention: 0 });
    const fixed = await server.rest(staff, 'GET', `/api/project/${bad.id}/`);
    expect(fixed.body).toMatchObject({ code: 'DUP-2', dock: 'South', version: 2 });
    expect((await server.rest(staff, 'GET', `/api/project-event/${child.id}/`)).status).toBe(200);
    expect(await device.db.outbox.count()).toBe(0);
  });

  it("a refusal of the whole change (no permission) waits as its message's code, not the push's sentence", async () => {
    const admin = await server.user('admin_owner', 'admin');
    const vessel = await server.rest(admin, 'POST', '/api/vessel/', { name: 'MV Not Theirs' });
    expect(vessel.status).toBe(201);
    const device = await makeDevice(server, staff);
    await device.pull();
    // Staff may add a vessel and correct their own, not rename an admin's: the server refuses it whole.
    const edit = await updateRecord(device.ctx, 'vessel', String(vessel.body.id), { name: 'MV Renamed' });
    expect(await device.push()).toMatchObject({ needsAttention: 1 });
    // Kept as the domain message's code (its screens word it in the language of the moment:
    // src/ui/fieldErrors.ts recordMessage), not as the sentence in the language the push was answered in.
    expect(await device.db.outbox.get(edit.mutation_id ?? '')).toMatchObject({
      outcome: 'rejected',
      errors: { non_field_errors: [messages.forbidden] },
    });
  });

  it('discard on purpose: a never-created record goes with its dependents; an edit reverts to the server copy', async () => {
    const device = await makeDevice(server, staff);
    await device.pull();
    const ghost = await saveRecord(device.ctx, 'project', { name: 'MV Ghost', code: 'DUP-1' });
    await updateRecord(device.ctx, 'project', ghost.id, { dock: 'East' });
    const kept = await saveRecord(device.ctx, 'project', { name: 'MV Kept', code: 'KEPT-1', dock: 'Old' });
    await device.push();
    await updateRecord(device.ctx, 'project', kept.id, { code: 'DUP-1', dock: 'New' });
    await device.push();
    const items = await needsAttention(device.db);
    expect(items.map((item) => item.entry.record_id)).toEqual([ghost.id, kept.id]);

    const preview = await discardPreview(device.db, ghost.mutation_id ?? '');
    expect(preview.map((entry) => entry.op)).toEqual(['create', 'update']);
    expect(await discardEntry(device.db, ghost.mutation_id ?? '')).toBe(2);
    expect(await device.row('project', ghost.id)).toBeUndefined();

    expect(items[0].server).toBeNull();
    expect(items[1].server).toMatchObject({ code: 'KEPT-1', dock: 'Old' });
    expect(await discardEntry(device.db, items[1].entry.mutation_id)).toBe(1);
    const reverted = await device.row('project', kept.id);
    expect(reverted).toMatchObject({ code: 'KEPT-1', dock: 'Old', version: 1 });
    expect(reverted?._sync).toBeUndefined();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await device.db.server_rows.count()).toBe(0);
  });

  it('a discard keeps a dependent sent whose answer was lost: the server applied it, and says so again', async () => {
    const proxy = await startFaultProxy(server.url);
    try {
      const device = await makeDevice(server, staff, { baseUrl: proxy.url });
      const { id } = await saveRecord(device.ctx, 'project', { name: 'MV Lost Answer' });
      await device.push();
      // An older app's refused change, then an edit of another field behind it (waiting for it).
      const refused = await queueAsOlderApp(device, 'project', id, { data_entry_completed: null });
      const edit = await updateRecord(device.ctx, 'project', id, { dock: 'North' });
      // Both sent; the server refuses the first, applies the edit (a refusal stops nothing), and the
      // answer is lost. Sent one at a time then, the refused one comes back refused; the edit waits.
      proxy.rules.push({ path: '/api/sync/push/', action: { kind: 'drop-after' } });
      await expect(device.push()).rejects.toThrow();
      expect((await server.rest(staff, 'GET', `/api/project/${id}/`)).body).toMatchObject({ dock: 'North' });
      expect(await device.push(1)).toMatchObject({ needsAttention: 1 });
      expect(await device.db.outbox.get(edit.mutation_id ?? '')).toMatchObject({ state: 'pending' });

      // Discarding the refused change leaves the edit the server holds: it goes again, as a duplicate.
      expect((await discardPreview(device.db, refused)).map((entry) => entry.mutation_id)).toEqual([refused]);
      expect(await discardEntry(device.db, refused)).toBe(1);
      expect(await device.row('project', id)).toMatchObject({ dock: 'North', _sync: 'pending' });
      expect(await device.push()).toMatchObject({ applied: 1, needsAttention: 0 });
      expect(await device.db.outbox.count()).toBe(0);
      expect(await device.row('project', id)).toMatchObject({ dock: 'North', data_entry_completed: false });
      expect((await server.rest(staff, 'GET', `/api/project/${id}/`)).body).toMatchObject({ dock: 'North' });
    } finally {
      await proxy.close();
    }
  });
});
