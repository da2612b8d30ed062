// A record stays in the project it was created in (README, "The API"): moving it to another project, by
// its project field or by the parent it takes its project from (a hand's event, a hand line's hand), is a
// 400 naming that field over REST and that mutation's `rejected` in a sync push; nothing moves.
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/domain/ids.js';
import { moveField } from '../../../src/domain/refusals.js';
import { projectResources, type ResourceName, resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import { fixtureServer } from '../fixtures.js';

const rig = fixtureServer();
const MOVED = ['A record cannot move to another project.'];

/** Every resource whose records a client may change and that belongs to a project (a signature never changes). */
const movable = projectResources.filter((name) => {
  const resource = resources[name] as Resource;
  return resource.writableBy !== null && !resource.immutable && moveField(resource) !== null;
});

describe('moving a record to another project', () => {
  it('covers the resources a client writes under a project', () => {
    expect([...movable].sort()).toEqual(
      [
        'coil-report',
        'hand',
        'hand-event',
        'hand-incidence',
        'incidence',
        'packing-list',
        'project-event',
        'prompter-report',
        'remaining-parts',
        'sof-report',
      ].sort(),
    );
  });

  /** A record of `name` in one project, and the value of its move field that would take it to another. */
  async function moveOf(name: ResourceName) {
    const { f } = rig;
    const resource = resources[name] as Resource;
    const [from, to] = [(await f.create('project')).id, (await f.create('project')).id];
    const record = await f.create(name, {}, { project: from });
    const field = moveField(resource) ?? '';
    const target =
      field === 'project'
        ? to
        : await f.ref(resource.fields[field]?.info.ref as ResourceName, { project: to });
    return { record, field, target };
  }

  async function unmoved(name: ResourceName, record: { id: string; version?: unknown; project?: unknown }) {
    const stored = await rig.f.read(name, record.id);
    expect(stored.version).toBe(record.version);
    expect(stored.project).toEqual(record.project);
  }

  it.each(movable)('%s: a 400 naming the field over REST, a rejected push; nothing moves', async (name) => {
    const { f } = rig;
    const { record, field, target } = await moveOf(name);
    const answer = await f.api('PATCH', `/api/${name}/${record.id}/`, {
      token: f.adminToken,
      body: { [field]: target },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ [field]: MOVED });
    await unmoved(name, record);

    const pushed = await f.api<{ results: { status: string; errors?: unknown }[] }>(
      'POST',
      '/api/sync/push/',
      {
        token: f.adminToken,
        body: {
          client_id: uuidv7(),
          mutations: [
            {
              mutation_id: uuidv7(),
              seq: 1,
              resource: name,
              op: 'update',
              id: record.id,
              data: { [field]: target },
            },
          ],
        },
      },
    );
    expect(pushed.status).toBe(200);
    expect(pushed.body.results).toMatchObject([{ status: 'rejected', errors: { [field]: MOVED } }]);
    await unmoved(name, record);
  });

  it('says it in Spanish, and a PUT or a create of the same id moves nothing either', async () => {
    const { f } = rig;
    const { record, field, target } = await moveOf('hand');
    const spanish = await f.api('PATCH', `/api/hand/${record.id}/`, {
      token: f.adminToken,
      headers: { 'accept-language': 'es' },
      body: { [field]: target },
    });
    expect(spanish).toMatchObject({
      status: 400,
      body: { event: ['Un registro no puede pasar a otro proyecto.'] },
    });
    const put = await f.api('PUT', `/api/hand/${record.id}/`, {
      token: f.adminToken,
      body: { event: target },
    });
    expect(put).toMatchObject({ status: 400, body: { event: MOVED } });
    const create = await f.api('POST', '/api/hand/', {
      token: f.adminToken,
      body: { id: record.id, event: target },
    });
    expect(create).toMatchObject({ status: 400, body: { event: MOVED } });
    await unmoved('hand', record);
  });

  it('a hand may go to another event of its own project', async () => {
    const { f } = rig;
    const project = (await f.create('project')).id;
    const hand = await f.create('hand', {}, { project });
    const event = await f.create('project-event', {}, { project });
    const answer = await f.api('PATCH', `/api/hand/${hand.id}/`, {
      token: f.adminToken,
      body: { event: event.id },
    });
    expect(answer.status).toBe(200);
  });

  it('in a sync push the move is rejected naming the field, and the rest of the batch applies', async () => {
    const { f } = rig;
    const [from, to] = [(await f.create('project')).id, (await f.create('project')).id];
    const item = await f.create('packing-list', {}, { project: from });
    const change = (seq: number, data: Record<string, unknown>) => ({
      mutation_id: uuidv7(),
      seq,
      resource: 'packing-list',
      op: 'update',
      id: item.id,
      data,
      occurred_at: new Date().toISOString(),
    });
    const answer = await f.api<{ results: { status: string; errors?: unknown }[] }>(
      'POST',
      '/api/sync/push/',
      {
        token: f.adminToken,
        body: {
          client_id: uuidv7(),
          mutations: [change(1, { project: to, zone: 'Z1' }), change(2, { zone: 'Z2' })],
        },
      },
    );
    expect(answer.body.results).toMatchObject([
      { status: 'rejected', errors: { project: MOVED } },
      { status: 'applied' },
    ]);
    expect(await f.read('packing-list', item.id)).toMatchObject({ zone: 'Z2', project: { id: from } });
  });
});
