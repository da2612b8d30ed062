// Running the reference lists over HTTP: usage before a delete, an entry in use retired (hidden from
// new choices, kept on old records) and not deleted, two entries merged (every reference moved in one
// transaction, the merged one a tombstone, devices converging through the pull, a change made offline
// before the merge applied to the kept entry).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Body, fixtureServer, type Row } from '../fixtures.js';

const rig = fixtureServer();

const ids = (rows: Row[]) => rows.map((row) => row.id);
const list = async (path: string) =>
  (await rig.f.api<{ results: Row[] }>('GET', path, { token: rig.f.staffToken })).body.results;
const usage = async (name: string, id: string) =>
  (
    await rig.f.api<{ total: number; uses: Body[] }>('GET', `/api/${name}/${id}/usage/`, {
      token: rig.f.staffToken,
    })
  ).body;

async function pull(cursor = '') {
  const changes: { resource: string; op: string; id?: string; row?: Row }[] = [];
  let next = cursor;
  for (;;) {
    const response = await rig.f.api<{ changes: typeof changes; cursor: string; has_more: boolean }>(
      'GET',
      `/api/sync/pull/?scope=global&limit=500&client_id=${randomUUID()}${next ? `&cursor=${next}` : ''}`,
      { token: rig.f.staffToken },
    );
    changes.push(...response.body.changes);
    next = response.body.cursor;
    if (!response.body.has_more) return { changes, cursor: next };
  }
}

describe('usage, delete and retire', () => {
  it('says which records use an entry; one in use is not deleted but retired, and stays on its records', async () => {
    const vessel = await rig.f.create('vessel');
    const unused = await rig.f.create('vessel');
    const projects = [
      await rig.f.create('project', { vessel: vessel.id }),
      await rig.f.create('project', { vessel: vessel.id }),
    ];
    await rig.f.create('sof-report', { project: projects[0].id });
    expect(await usage('vessel', vessel.id)).toEqual({
      total: 2,
      uses: [{ resource: 'project', field: 'vessel', count: 2 }],
    });
    expect(await usage('vessel', unused.id)).toEqual({ total: 0, uses: [] });

    const refused = await rig.f.api('DELETE', `/api/vessel/${vessel.id}/`, { token: rig.f.adminToken });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      non_field_errors: ['This entry is used by 2 records: retire it instead.'],
    });
    const spanish = await rig.f.api<Body>('DELETE', `/api/vessel/${vessel.id}/`, {
      token: rig.f.adminToken,
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.body.non_field_errors).toEqual([
      'Esta entrada la usan 2 registros: retírela en lugar de borrarla.',
    ]);

    const retired = await rig.f.api<Row>('PATCH', `/api/vessel/${vessel.id}/`, {
      token: rig.f.adminToken,
      body: { retired: true },
    });
    expect(retired.body.retired).toBe(true);
    expect(ids(await list('/api/vessel/?retired=false&page_size=999'))).not.toContain(vessel.id);
    expect(ids(await list('/api/vessel/?retired=true&page_size=999'))).toContain(vessel.id);
    expect((await rig.f.read('project', projects[0].id)).vessel).toMatchObject({ id: vessel.id });

    expect((await rig.f.api('DELETE', `/api/vessel/${unused.id}/`, { token: rig.f.adminToken })).status).toBe(
      204,
    );
  });

  it('counts a status used by several kinds of record', async () => {
    const status = await rig.f.create('report-status');
    await rig.f.create('container-report', { status: status.id });
    expect((await usage('report-status', status.id)).uses).toEqual([
      { resource: 'container-report', field: 'status', count: 1 },
    ]);
    expect(
      (await rig.f.api('GET', `/api/report-status/${randomUUID()}/usage/`, { token: rig.f.staffToken }))
        .status,
    ).toBe(404);
  });
});

describe('merging', () => {
  it('moves every reference to the kept entry in one go, deletes the other, and devices converge', async () => {
    const kept = await rig.f.create('port', { name: 'Valencia' });
    const typo = await rig.f.create('port', { name: 'València (typo)' });
    const project = await rig.f.create('project', {
      port: typo.id,
      previous_port: typo.id,
      next_port: kept.id,
    });
    const sof = await rig.f.create('sof-report', { project: project.id, port: typo.id });
    const before = await pull();

    const merged = await rig.f.api<Body>('POST', `/api/port/${typo.id}/merge/`, {
      token: rig.f.adminToken,
      body: { into: kept.id },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.moved).toEqual(
      expect.arrayContaining([
        { resource: 'project', field: 'port', count: 1 },
        { resource: 'project', field: 'previous_port', count: 1 },
        { resource: 'sof-report', field: 'port', count: 1 },
      ]),
    );
    const read = await rig.f.read('project', project.id);
    expect(read).toMatchObject({
      port: { id: kept.id },
      previous_port: { id: kept.id },
      next_port: { id: kept.id },
    });
    expect(read.version).toBe(project.version + 2);
    expect((await rig.f.read('sof-report', sof.id)).port).toMatchObject({ id: kept.id });
    expect((await rig.f.api('GET', `/api/port/${typo.id}/`, { token: rig.f.adminToken })).status).toBe(404);
    const history = await rig.f.api<{ results: { changes: Body }[] }>(
      'GET',
      `/api/project/${project.id}/history/`,
      {
        token: rig.f.adminToken,
      },
    );
    expect(history.body.results.at(-1)?.changes).toEqual({ previous_port: { from: typo.id, to: kept.id } });

    // A device that pulls after the merge gets the moved records and the tombstone.
    const { changes } = await pull(before.cursor);
    expect(changes).toContainEqual(expect.objectContaining({ resource: 'port', op: 'delete', id: typo.id }));
    const pulled = changes.find((change) => change.resource === 'project' && change.row?.id === project.id);
    expect(pulled?.row).toMatchObject({ port: kept.id, previous_port: kept.id });
  });

  it("applies a tablet's offline change that still names the merged entry to the kept one", async () => {
    const kept = await rig.f.create('vessel', { name: 'Nordic Steel' });
    const twice = await rig.f.create('vessel', { name: 'Nordic Steel II' });
    const project = await rig.f.create('project');
    await rig.f.api('POST', `/api/vessel/${twice.id}/merge/`, {
      token: rig.f.adminToken,
      body: { into: kept.id },
    });
    const created = randomUUID();
    const push = await rig.f.api<{ results: { status: string; row: Row | null }[] }>(
      'POST',
      '/api/sync/push/',
      {
        token: rig.f.staffToken,
        body: {
          client_id: randomUUID(),
          mutations: [
            {
              mutation_id: randomUUID(),
              seq: 1,
              resource: 'project',
              op: 'update',
              id: project.id,
              data: { vessel: twice.id },
            },
            {
              mutation_id: randomUUID(),
              seq: 2,
              resource: 'project',
              op: 'create',
              id: created,
              data: { name: 'Offline call', vessel: twice.id },
            },
          ],
        },
      },
    );
    expect(push.body.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect(push.body.results.map((result) => result.row?.vessel)).toEqual([kept.id, kept.id]);
  });

  it('refuses entries that differ where the rules read them, itself, and staff', async () => {
    const milestone = await rig.f.create('event', { description: 'Pilot on board', kind: 'milestone' });
    const stoppage = await rig.f.create('event', {
      description: 'Pilot late',
      kind: 'stoppage',
      delay_attribution: 'ship',
    });
    const different = await rig.f.api<Body>('POST', `/api/event/${milestone.id}/merge/`, {
      token: rig.f.adminToken,
      body: { into: stoppage.id },
    });
    expect(different.status).toBe(400);
    expect(different.body).toEqual({
      into: ['Only entries with the same kind and delay_attribution can be merged.'],
    });
    // In Spanish the fields are named by their labels and joined as Spanish joins them.
    const spanish = await rig.f.api<Body>('POST', `/api/event/${milestone.id}/merge/`, {
      token: rig.f.adminToken,
      headers: { 'accept-language': 'es' },
      body: { into: stoppage.id },
    });
    expect(spanish.status).toBe(400);
    expect(spanish.body).toEqual({
      into: ['Solo se pueden fusionar entradas con el mismo valor de clase y causada por.'],
    });
    const self = await rig.f.api<Body>('POST', `/api/event/${milestone.id}/merge/`, {
      token: rig.f.adminToken,
      body: { into: milestone.id },
    });
    expect(self.body).toEqual({ into: ['An entry cannot be merged into itself.'] });
    const staff = await rig.f.api('POST', `/api/event/${milestone.id}/merge/`, {
      token: rig.f.staffToken,
      body: { into: stoppage.id },
    });
    expect(staff.status).toBe(403);
    expect(
      (await rig.f.api('POST', '/api/users/x/merge/', { token: rig.f.adminToken, body: {} })).status,
    ).toBe(404);
  });
});
