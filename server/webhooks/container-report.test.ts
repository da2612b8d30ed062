// A container report linked to a call (its `project`): that project's customer reads it (the record,
// the list, its PDF) and its "container report completed" webhook reaches that customer's endpoint;
// a report linked to no call, or to another customer's, stays the stevedore's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer, type Row } from '../../tests/api/fixtures.js';
import { postForFile } from '../reports/read-files.js';
import { type Receiver, startReceiver, waitFor } from './receiver.js';

const rig = fixtureServer({ webhooks: { timeoutMs: 400, retryDelays: [1], pollMs: 50 } });
let mine: Receiver;
let theirs: Receiver;
let account: Row;
let other: Row;
let completed: string;

const received = (receiver: Receiver, id: string) =>
  receiver.received
    .map((r) => JSON.parse(r.body) as { type: string; data: { id: string; project: unknown } })
    .filter((body) => body.data.id === id);

beforeAll(async () => {
  mine = await startReceiver();
  theirs = await startReceiver();
  account = await rig.f.create('accounts', { trade_name: 'Contenedores del Sur' });
  other = await rig.f.create('accounts', { trade_name: 'Otra Naviera' });
  for (const [receiver, owner] of [
    [mine, account],
    [theirs, other],
  ] as const) {
    const made = await rig.f.api('POST', '/api/webhooks/endpoints/', {
      token: rig.f.adminToken,
      body: { account: owner.id, url: receiver.url, events: ['container_report.completed'] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  const statuses = await rig.f.api<{ results: Row[] }>('GET', '/api/report-status/', {
    token: rig.f.adminToken,
  });
  completed =
    statuses.body.results.find((row) => row.description === 'Completed')?.id ??
    (await rig.f.create('report-status', { description: 'Completed' })).id;
});
afterAll(async () => {
  await mine?.close();
  await theirs?.close();
});

describe('a container report linked to a project', () => {
  it("is read by that project's customer and its completion reaches that customer's webhook", async () => {
    const project = await rig.f.create('project', { customer: account.id });
    const linked = await rig.f.create('container-report', { project: project.id });
    const loose = await rig.f.create('container-report');
    expect(linked.project).toMatchObject({ id: project.id });
    for (const report of [linked, loose])
      expect(
        (
          await rig.f.api('PATCH', `/api/container-report/${report.id}/`, {
            token: rig.f.adminToken,
            body: { status: completed },
          })
        ).status,
      ).toBe(200);
    await waitFor('container_report.completed', () => received(mine, linked.id).length > 0);
    const [delivery] = received(mine, linked.id);
    expect(delivery?.type).toBe('container_report.completed');
    expect(delivery?.data.project).toMatchObject({ id: project.id });
    // The other customer hears of neither; the report linked to no call reaches no one.
    expect(received(theirs, linked.id)).toEqual([]);
    expect(received(mine, loose.id)).toEqual([]);
    expect(received(theirs, loose.id)).toEqual([]);

    const token = await rig.f.accountToken(account.id);
    const list = await rig.f.api<{ results: Row[] }>('GET', '/api/container-report/', { token });
    expect(list.status).toBe(200);
    expect(list.body.results.map((row) => row.id)).toEqual([linked.id]);
    expect((await rig.f.api('GET', `/api/container-report/${linked.id}/`, { token })).status).toBe(200);
    expect((await rig.f.api('GET', `/api/container-report/${loose.id}/`, { token })).status).toBe(404);
    const pdf = await postForFile(
      rig.server.url,
      `/api/container-report/${linked.id}/make_container_report/`,
      {
        token,
      },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Read-only: the customer changes nothing.
    const write = await rig.f.api('PATCH', `/api/container-report/${linked.id}/`, {
      token,
      body: { seal_number: 'X' },
    });
    expect(write.status).toBe(403);
    const stranger = await rig.f.accountToken(other.id);
    expect((await rig.f.api('GET', `/api/container-report/${linked.id}/`, { token: stranger })).status).toBe(
      404,
    );
    const none = await rig.f.api<{ results: Row[] }>('GET', '/api/container-report/', { token: stranger });
    expect(none.body.results).toEqual([]);
  });
});
