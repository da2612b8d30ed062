// A record stays in its project (README, "The API"): the local store refuses a move, a move queued by an
// older app is rejected naming the field (and waits in Needs attention until discarded), the office's
// REST move is a 400; and the tablets of both projects converge, each with its project's rows only.

import { describe, expect, it } from 'vitest';
import { messages } from '../domain/messages';
import { projectResources } from '../domain/registry';
import { discardEntry } from '../store/attention';
import { setKeptOffline } from '../store/meta';
import { needsAttention } from '../store/queries';
import { LocalValidationError } from '../store/validate';
import { updateRecord } from '../store/writes';
import { lookupIds, makeDevice, syncRig, type TestDevice } from './testing/harness';
import { queueAsOlderApp } from './testing/older-app';

const rig = syncRig('move_clerk');
// The server's words (REST, a push's refusal); the device's own check refuses with the domain message.
const MOVED = ['A record cannot move to another project.'];
const MOVED_HERE = [messages.moved];

/** The ids of a project's live rows, by resource, as the server and as a device hold them. */
async function onServer(project: string) {
  const ids: string[] = [];
  for (const name of projectResources) {
    const table = name.replaceAll('-', '_');
    const rows = await rig.server.server.query(
      `select id from ${table} where project = $1 and deleted_at is null`,
      [project],
    );
    ids.push(...rows.map((row) => `${name}:${row.id}`));
  }
  return ids.sort();
}
async function onDevice(device: TestDevice, project: string) {
  const ids: string[] = [];
  for (const name of projectResources)
    for (const row of await device.db.rows(name).where('project').equals(project).toArray())
      ids.push(`${name}:${row.id}`);
  return ids.sort();
}

describe('moving a record between projects', () => {
  it('is refused everywhere, and both projects’ tablets converge', async () => {
    const a = await makeDevice(rig.server, rig.user);
    const b = await makeDevice(rig.server, rig.user);
    await a.pull();
    const { planned, workingShift } = await lookupIds(a.db);
    const post = async (path: string, body: Record<string, unknown>) => {
      const made = await rig.server.rest<{ id: string }>(rig.user, 'POST', path, body);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.id;
    };
    const [p1, p2] = [
      await post('/api/project/', { name: 'MV North', status: planned }),
      await post('/api/project/', { name: 'MV South', status: planned }),
    ];
    const shift = { event: workingShift, init_date: '2026-11-22T06:00:00Z' };
    const [e1, e2] = [
      await post('/api/project-event/', { project: p1, ...shift }),
      await post('/api/project-event/', { project: p2, ...shift }),
    ];
    const hand = await post('/api/hand/', { event: e1, description: 'Gang 1' });
    await post('/api/hand-event/', { hand, description: 'Hatch 3 opened' });
    const incidence = await post('/api/incidence/', { project: p1, description: 'Torn wrapping' });
    const form = new FormData();
    form.set('is_image', 'false');
    form.set('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'survey.pdf');
    const upload = await fetch(`${rig.server.url}/api/incidence/${incidence}/attachments/`, {
      method: 'POST',
      headers: { authorization: `Token ${rig.user.token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    await a.pull();
    const coil = (await a.db.rows('commodity').toArray()).find((row) => row.code === 'coil');
    const item = await post('/api/packing-list/', { project: p1, reference: 'MV-1', commodity: coil?.id });
    await setKeptOffline(a.db, p1, true);
    await setKeptOffline(b.db, p2, true);
    await a.pull();
    await b.pull();

    // The local store refuses the move, naming the field; nothing is queued.
    const refused = await updateRecord(a.ctx, 'packing-list', item, { project: p2 }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(LocalValidationError);
    expect(refused instanceof LocalValidationError && refused.fieldErrors).toEqual({ project: MOVED_HERE });
    expect(await a.db.outbox.count()).toBe(0);
    // Through the parent it takes its project from, on a tablet that holds both projects: the same.
    const c = await makeDevice(rig.server, rig.user);
    await setKeptOffline(c.db, p1, true);
    await setKeptOffline(c.db, p2, true);
    await c.pull();
    const local = await c.row('hand', hand);
    const viaParent = await updateRecord(c.ctx, 'hand', hand, { event: e2 }).catch((error: unknown) => error);
    expect(viaParent instanceof LocalValidationError && viaParent.fieldErrors).toEqual({ event: MOVED_HERE });
    expect(await c.db.outbox.count()).toBe(0);
    expect(await c.row('hand', hand)).toEqual(local);
    const sameProject = await post('/api/project-event/', { project: p1, ...shift });
    await c.pull();
    await updateRecord(c.ctx, 'hand', hand, { event: sameProject });
    expect(await c.push()).toMatchObject({ applied: 1 });

    // Moves an older app queued: rejected naming the field, then discarded by the user.
    await queueAsOlderApp(a, 'incidence', incidence, { project: p2 });
    await queueAsOlderApp(a, 'hand', hand, { event: e2 });
    expect(await a.push()).toMatchObject({ applied: 0, needsAttention: 2 });
    const waiting = await needsAttention(a.db);
    // Kept as the domain message's code (the answer's key read back), worded by the screens in the language
    // of the moment.
    expect(waiting.map((entry) => entry.entry.errors)).toEqual([
      { project: MOVED_HERE },
      { event: MOVED_HERE },
    ]);
    for (const entry of waiting) await discardEntry(a.db, entry.entry.mutation_id);

    // The office over REST: the same refusal.
    const office = await rig.server.rest(rig.user, 'PATCH', `/api/incidence/${incidence}/`, { project: p2 });
    expect(office).toMatchObject({ status: 400, body: { project: MOVED } });

    await a.pull();
    await b.pull();
    expect(await a.db.outbox.count()).toBe(0);
    const north = await onServer(p1);
    expect(north.map((key) => key.split(':')[0]).sort()).toEqual(
      [
        'attachment',
        'hand',
        'hand-event',
        'incidence',
        'packing-list',
        'project-event',
        'project-event',
      ].sort(),
    );
    expect(await onDevice(a, p1)).toEqual(north);
    expect(await onDevice(b, p2)).toEqual(await onServer(p2));
    expect(await onDevice(b, p1)).toEqual([]);
    await c.pull();
    expect(await onDevice(c, p1)).toEqual(north);
    expect(await onDevice(c, p2)).toEqual(await onServer(p2));
  });
});
