// Pull against the real server: scopes, pages with their cursor, first-sync progress, rebase of rows with
// pending changes, a pull racing a push, and a cursor past the kept history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCursor, knownScopes, setKeptOffline } from '../store/meta';
import { projectScope } from '../store/scopes';
import { removeRecord, saveRecord, updateRecord } from '../store/writes';
import { type PullProgress, pullAll } from './pull';
import { startFaultProxy } from './testing/fault-proxy';
import { lookupIds, makeDevice, type SyncServer, startSyncServer, type TestUser } from './testing/harness';

let server: SyncServer;
let staff: TestUser;
let statuses: { inProgress: string; planned: string; workingShift: string };

beforeAll(async () => {
  server = await startSyncServer();
  staff = await server.user('pull_prompter');
  const probe = await makeDevice(server, staff);
  await probe.pull();
  statuses = await lookupIds(probe.db);
});
afterAll(() => server?.close());

async function projectWithEvents(name: string, status: string, events: number) {
  const project = await server.rest<{ id: string }>(staff, 'POST', '/api/project/', { name, status });
  const ids: string[] = [];
  for (let index = 0; index < events; index += 1) {
    const event = await server.rest<{ id: string }>(staff, 'POST', '/api/project-event/', {
      project: project.body.id,
      event: statuses.workingShift,
      init_date: `2026-11-2${index % 10}T06:00:00Z`,
    });
    ids.push(event.body.id);
  }
  return { id: project.body.id, events: ids };
}

describe('pull', () => {
  it('keeps projects in progress and those marked offline, with first-sync progress; drops the rest', async () => {
    const live = await projectWithEvents('MV In Progress', statuses.inProgress, 5);
    const planned = await projectWithEvents('MV Planned', statuses.planned, 2);
    const device = await makeDevice(server, staff);
    const progress: PullProgress[] = [];
    await pullAll({
      db: device.db,
      api: device.api,
      deviceState: device.deviceState,
      pageSize: 2,
      onProgress: (p) => progress.push(p),
    });
    expect(await knownScopes(device.db)).toEqual(expect.arrayContaining(['global', projectScope(live.id)]));
    expect(await device.db.rows('project-event').where('project').equals(live.id).count()).toBe(5);
    expect(await device.db.rows('project-event').where('project').equals(planned.id).count()).toBe(0);
    const scoped = progress.filter((p) => p.scope === projectScope(live.id));
    expect(scoped.map((p) => [p.rows, p.total, p.first])).toEqual([
      [2, 5, true],
      [4, 5, true],
      [5, 5, false],
    ]);
    expect(await getCursor(device.db, projectScope(live.id))).toMatchObject({
      complete: true,
      cursor: expect.any(String),
    });

    // Kept offline on purpose: pulled too.
    await setKeptOffline(device.db, planned.id, true);
    await device.pull();
    expect(await device.db.rows('project-event').where('project').equals(planned.id).count()).toBe(2);

    // No longer in progress: its rows go, except one with a change not yet sent.
    await updateRecord(device.ctx, 'project-event', live.events[0], { notes: 'unsent' });
    await server.rest(staff, 'PATCH', `/api/project/${live.id}/`, { status: statuses.planned });
    await device.pull();
    expect(await knownScopes(device.db)).not.toContain(projectScope(live.id));
    const left = await device.db.rows('project-event').where('project').equals(live.id).toArray();
    expect(left.map((row) => [row.id, row.notes, row._sync])).toEqual([
      [live.events[0], 'unsent', 'pending'],
    ]);
  });

  it('a project deleted here before any pull of it takes its children along once the deletes are sent', async () => {
    // Deleting a project is for admins.
    const device = await makeDevice(server, server.admin);
    await device.pull();
    const { id: project } = await saveRecord(device.ctx, 'project', { name: 'MV Short Call' });
    await device.push();
    await setKeptOffline(device.db, project, true);
    const { id: incidence } = await saveRecord(device.ctx, 'incidence', { project, description: 'Dent' });
    await removeRecord(device.ctx, 'project', project);
    // Kept while its create waits; then the server has it, and deletes it with the project.
    await device.pull();
    expect(await device.row('incidence', incidence)).toBeDefined();
    expect(await device.push()).toMatchObject({ applied: 2, needsAttention: 0 });
    await device.pull();
    expect(await device.row('incidence', incidence)).toBeUndefined();
  });

  it('rebases a pulled row under pending changes: the server row with the pending fields over it', async () => {
    const device = await makeDevice(server, staff);
    const { id } = await saveRecord(device.ctx, 'project', { name: 'MV Rebase' });
    await device.push();
    await server.rest(staff, 'PATCH', `/api/project/${id}/`, { remarks: 'From the office', dock: 'Office' });
    // Edited here after the office (so it is the later change) and before this device heard of it.
    await updateRecord(device.ctx, 'project', id, { dock: 'Mine' });
    await device.pull();
    expect(await device.row('project', id)).toMatchObject({
      remarks: 'From the office',
      dock: 'Mine',
      version: 2,
      _sync: 'pending',
    });
    await device.push();
    await device.pull();
    const row = await device.row('project', id);
    expect(row).toMatchObject({ remarks: 'From the office', dock: 'Mine', version: 3 });
    expect(row?._sync).toBeUndefined();
  });

  it('a pull racing a push loses nothing: a page read before the push cannot undo it', async () => {
    const proxy = await startFaultProxy(server.url);
    try {
      const device = await makeDevice(server, staff, { baseUrl: proxy.url });
      const { id } = await saveRecord(device.ctx, 'project', { name: 'MV Race' });
      await device.push();
      await device.pull();
      await updateRecord(device.ctx, 'project', id, { dock: 'Pushed' });
      await server.rest(staff, 'PATCH', `/api/project/${id}/`, { remarks: 'office, meanwhile' });
      // The pull's page (version 2, without the dock) is read on the server now, before the push, and
      // delivered after the push's answer (version 3) has been stored.
      proxy.rules.push({
        method: 'GET',
        path: '/api/sync/pull/',
        action: { kind: 'delay', ms: 600 },
        times: Infinity,
      });
      const pulling = device.pull();
      await new Promise((resolve) => setTimeout(resolve, 150));
      await device.push();
      expect(await device.row('project', id)).toMatchObject({ dock: 'Pushed', version: 3 });
      await pulling;
      expect(await device.row('project', id)).toMatchObject({
        dock: 'Pushed',
        remarks: 'office, meanwhile',
        version: 3,
      });
      proxy.rules.length = 0;
      await device.pull();
      const row = await device.row('project', id);
      expect(row).toMatchObject({ dock: 'Pushed', remarks: 'office, meanwhile', version: 3 });
      expect(row?._sync).toBeUndefined();
      expect(await device.db.server_rows.count()).toBe(0);
      const remote = await server.rest(staff, 'GET', `/api/project/${id}/`);
      expect(remote.body).toMatchObject({ dock: 'Pushed', remarks: 'office, meanwhile', version: 3 });
    } finally {
      await proxy.close();
    }
  });

  it('a cursor past the kept history resets the scope, removes what the server lost, and keeps the outbox', async () => {
    const device = await makeDevice(server, staff);
    const gone = await server.rest<{ id: string }>(staff, 'POST', '/api/project/', { name: 'MV Purged' });
    const stays = await server.rest<{ id: string }>(staff, 'POST', '/api/project/', { name: 'MV Stays' });
    await device.pull();
    expect(await device.row('project', gone.body.id)).toBeDefined();
    const unsent = await saveRecord(device.ctx, 'project', { name: 'MV Unsent' });
    await updateRecord(device.ctx, 'project', stays.body.id, { dock: 'Unsent dock' });

    // On the server: a deletion whose tombstone has been purged, and history purged past the device's cursor.
    await server.server.query('delete from project where id = $1', [gone.body.id]);
    await server.rest(staff, 'POST', '/api/project/', { name: 'MV After' });
    const [{ last }] = await server.server.query('select max(seq)::bigint as last from project');
    await server.server.query(
      "insert into app_meta (key, value) values ('purged_through_seq', to_jsonb($1::bigint)) on conflict (key) do update set value = excluded.value",
      [Number(last)],
    );
    await device.pull();
    expect(await device.row('project', gone.body.id)).toBeUndefined();
    expect(await device.row('project', unsent.id)).toMatchObject({ name: 'MV Unsent', _sync: 'pending' });
    expect(await device.row('project', stays.body.id)).toMatchObject({
      dock: 'Unsent dock',
      _sync: 'pending',
    });
    expect(await device.db.outbox.count()).toBe(2);
    expect(await getCursor(device.db, 'global')).toMatchObject({ complete: true, resetting: false });
    expect(await device.push()).toMatchObject({ applied: 2 });
    expect((await server.rest(staff, 'GET', `/api/project/${stays.body.id}/`)).body).toMatchObject({
      dock: 'Unsent dock',
    });
  });

  it('from a server older than the columns format (it answers the first format), stores the same rows', async () => {
    const live = await projectWithEvents('MV Both Formats', statuses.inProgress, 6);
    await server.rest(staff, 'DELETE', `/api/project-event/${live.events[1]}/`);
    // The pages each device was answered, by format; the older server ignores the `format` it does not
    // know, and answers as it always has.
    const formats = { current: [] as string[], older: [] as string[] };
    const recording =
      (into: string[], older: boolean): typeof fetch =>
      async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        if (older) url.searchParams.delete('format');
        const response = await fetch(new Request(url, request));
        if (url.pathname === '/api/sync/pull/' && response.ok) {
          const body = await response.clone().json();
          into.push(body.format ?? ('changes' in body ? 'changes' : 'unknown'));
        }
        return response;
      };
    const current = await makeDevice(server, staff, { fetch: recording(formats.current, false) });
    const older = await makeDevice(server, staff, { fetch: recording(formats.older, true) });
    for (const device of [current, older]) await pullAll({ ...device, pageSize: 4 });
    expect(new Set(formats.current)).toEqual(new Set(['columns']));
    expect(new Set(formats.older)).toEqual(new Set(['changes']));
    expect(formats.older.length).toBeGreaterThan(2);
    const events = (device: typeof current) =>
      device.db.rows('project-event').where('project').equals(live.id).sortBy('id');
    const stored = await events(current);
    expect(stored.map((row) => row.id)).toEqual(live.events.filter((id) => id !== live.events[1]).sort());
    expect(await events(older)).toEqual(stored);
    expect(await older.db.rows('project').toArray()).toEqual(await current.db.rows('project').toArray());
    expect(await getCursor(older.db, projectScope(live.id))).toMatchObject({ complete: true });
  });

  describe('two pages under way at once (the next planned while the one before commits)', () => {
    // A device that holds a project of six events, then pulls an update of each in pages of two, through
    // `during` (called as the device asks for each page of the project's scope, with its number from 1).
    async function pullUpdates(
      name: string,
      during: (
        page: number,
        ids: string[],
        device: Awaited<ReturnType<typeof makeDevice>>,
      ) => Promise<unknown>,
    ) {
      const live = await projectWithEvents(name, statuses.inProgress, 6);
      const device = await makeDevice(server, staff);
      await device.pull();
      for (const [index, id] of live.events.entries())
        await server.rest(staff, 'PATCH', `/api/project-event/${id}/`, { notes: `server ${index}` });
      const scope = projectScope(live.id);
      const before = await getCursor(device.db, scope);
      let asked = 0;
      const api = {
        ...device.api,
        pull: async (
          query: Parameters<typeof device.api.pull>[0],
          state: Parameters<typeof device.api.pull>[1],
        ) => {
          if (query.scope !== scope) return device.api.pull(query, state);
          asked += 1;
          await during(asked, live.events, device);
          return device.api.pull(query, state);
        },
      };
      const pulled = pullAll({ db: device.db, api, deviceState: device.deviceState, pageSize: 2 });
      return { live, device, scope, before, pulled };
    }

    it('a change saved for a record of the next page before its transaction runs is kept (rebased)', async () => {
      const run = await pullUpdates('MV Saved Meanwhile', async (page, ids, device) => {
        // Asked for page 3 (the last two updates) as page 2 arrives: the change is saved before page 3
        // arrives, so page 3 was planned on what page 2 left, without it.
        if (page === 3) await updateRecord(device.ctx, 'project-event', ids[5], { notes: 'mine' });
      });
      await run.pulled;
      const row = await run.device.row('project-event', run.live.events[5]);
      expect(row).toMatchObject({ notes: 'mine', _sync: 'pending' });
      const others = await run.device.db.rows('project-event').bulkGet(run.live.events.slice(0, 5));
      expect(others.map((one) => one?.notes)).toEqual([
        'server 0',
        'server 1',
        'server 2',
        'server 3',
        'server 4',
      ]);
      // Sent, the change wins on the server too.
      await run.device.push();
      await run.device.pull();
      expect(await run.device.row('project-event', run.live.events[5])).toMatchObject({ notes: 'mine' });
    });

    it('a page that fails to commit leaves the page after it unwritten and the cursor where it was', async () => {
      let broken = true;
      const run = await pullUpdates('MV Page Fails', async () => {});
      const device = run.device;
      // The second page of the scope carries a row IndexedDB refuses (no id): its transaction fails.
      const api = run.device.api;
      let pages = 0;
      const faulty = {
        ...api,
        pull: async (query: Parameters<typeof api.pull>[0], state: Parameters<typeof api.pull>[1]) => {
          const page = await api.pull(query, state);
          if (query.scope !== run.scope || !broken) return page;
          pages += 1;
          if (pages === 2)
            for (const table of page.tables) for (const row of table.rows) delete (row as { id?: string }).id;
          return page;
        },
      };
      await run.pulled; // the first pull (through `during`) is not the one under test: let it end
      for (const [index, id] of run.live.events.entries())
        await server.rest(staff, 'PATCH', `/api/project-event/${id}/`, { notes: `again ${index}` });
      const before = await getCursor(device.db, run.scope);
      await expect(
        pullAll({ db: device.db, api: faulty, deviceState: device.deviceState, pageSize: 2 }),
      ).rejects.toThrow();
      const notes = async () =>
        (await device.db.rows('project-event').bulkGet(run.live.events)).map((one) => one?.notes);
      // Page 1 committed; pages 2 and 3 not (page 3 was under way when page 2 failed).
      expect(await notes()).toEqual(['again 0', 'again 1', 'server 2', 'server 3', 'server 4', 'server 5']);
      expect((await getCursor(device.db, run.scope))?.cursor).not.toBe(before?.cursor);
      // The next pull starts from page 2 and brings the rest.
      broken = false;
      await device.pull();
      expect(await notes()).toEqual(['again 0', 'again 1', 'again 2', 'again 3', 'again 4', 'again 5']);
    });
  });
});
