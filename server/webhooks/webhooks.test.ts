// Webhooks over HTTP against a receiver on loopback: signed as Standard Webhooks says, the record as
// the REST API reads it, only the endpoint's own customer's events, whatever path wrote (REST, sync
// push, import), retried through a failure and a timeout until accepted, recorded, replayable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import { fixtureServer, type Row } from '../../tests/api/fixtures.js';
import { upload } from '../../tests/fixtures/multipart.js';
import { startServer } from '../server.js';
import { type Receiver, startReceiver, waitFor } from './receiver.js';
import { verify } from './signature.js';

const rig = fixtureServer({ webhooks: { timeoutMs: 400, retryDelays: [1], pollMs: 50 } });
let mine: Receiver;
let theirs: Receiver;
let account: Row;
let other: Row;
let secret: string;

type Delivery = {
  id: string;
  status: string;
  attempts: number;
  last_status: number | null;
  event_type: string;
};
const payloads = (receiver: Receiver) =>
  receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
const typesFor = (receiver: Receiver, id: string) =>
  payloads(receiver)
    .filter((p) => p.data.id === id)
    .map((p) => p.type);

async function register(receiver: Receiver, accountId: string, events: string[]) {
  const made = await rig.f.api<{ id: string; secret: string }>('POST', '/api/webhooks/endpoints/', {
    token: rig.f.adminToken,
    body: { account: accountId, url: receiver.url, events, description: 'ERP' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

beforeAll(async () => {
  mine = await startReceiver();
  theirs = await startReceiver();
  account = await rig.f.create('accounts', { trade_name: 'Aceros del Norte' });
  other = await rig.f.create('accounts', { trade_name: 'Otra Naviera' });
  const endpoint = await register(mine, account.id, [
    'project.created',
    'project.updated',
    'project.completed',
    'project.deleted',
    'packing_item.created',
    'packing_item.validated',
  ]);
  secret = endpoint.secret;
  await register(theirs, other.id, ['project.created', 'project.updated', 'packing_item.created']);
});
afterAll(async () => {
  await mine?.close();
  await theirs?.close();
});

describe('webhooks', () => {
  it("signs each delivery and carries the record as the API reads it, to its own customer's endpoint only", async () => {
    const project = await rig.f.create('project', { customer: account.id, name: 'Star Lindesnes' });
    await waitFor('project.created', () => typesFor(mine, project.id).includes('project.created'));
    const sent = mine.received.find((r) => JSON.parse(r.body).data.id === project.id);
    if (!sent) throw new Error('not received');
    const headers = sent.headers as Record<string, string>;
    expect(verify(secret, headers, sent.body)).toBe(true);
    expect(verify(secret, headers, sent.body.replace('Star', 'Stat'))).toBe(false);
    expect(verify(secret, headers, sent.body, 300, Date.now() + 10 * 60_000)).toBe(false);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const body = JSON.parse(sent.body);
    const token = await rig.f.accountToken(account.id);
    const read = await rig.f.api('GET', `/api/project/${project.id}/`, { token });
    expect(body).toMatchObject({ type: 'project.created', resource: 'project' });
    expect(body.data).toEqual({ ...read.body, deleted_at: null });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
    // The other customer's endpoint hears nothing of it.
    await rig.f.create('project', { customer: other.id });
    await waitFor('their project', () => payloads(theirs).length > 0);
    expect(payloads(theirs).map((p) => p.data.id)).not.toContain(project.id);
  });

  it('sends edits and deletes whatever path wrote them: REST, a device push, an import', async () => {
    const project = await rig.f.create('project', { customer: account.id });
    const edit = await rig.f.api('PATCH', `/api/project/${project.id}/`, {
      token: rig.f.staffToken,
      body: { data_entry_completed: true },
    });
    expect(edit.status).toBe(200);
    const item = await rig.f.create('packing-list', {}, { project: project.id });
    const pushed = await rig.f.api<{ results: { status: string }[] }>('POST', '/api/sync/push/', {
      token: rig.f.staffToken,
      body: {
        client_id: uuidv7(),
        mutations: [
          {
            mutation_id: uuidv7(),
            seq: 1,
            resource: 'packing-list',
            op: 'update',
            id: item.id,
            data: { validated: true, validation_datetime: new Date().toISOString() },
            base_version: item.version,
            occurred_at: new Date().toISOString(),
          },
        ],
      },
    });
    expect(pushed.body.results[0].status).toBe('applied');
    await rig.f.commodity('coil');
    const csv = Buffer.from(
      ['Reference,Commodity,Net weight,Gross weight', 'IMP-1,Coil,7,8', 'IMP-2,Coil,9,10'].join('\n'),
    );
    const imported = await upload(`${rig.server.url}/api/project/${project.id}/import_pl/`, {
      token: rig.f.staffToken,
      file: { name: 'list.csv', bytes: csv },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(
      (await rig.f.api('DELETE', `/api/project/${project.id}/`, { token: rig.f.adminToken })).status,
    ).toBe(204);

    await waitFor('project.deleted', () => typesFor(mine, project.id).includes('project.deleted'));
    // Sent at once, so not necessarily in order (a receiver orders by the record's version).
    expect(typesFor(mine, project.id).sort()).toEqual([
      'project.completed',
      'project.created',
      'project.deleted',
      'project.updated',
    ]);
    await waitFor('the validation', () => typesFor(mine, item.id).includes('packing_item.validated'));
    const imports = payloads(mine).filter(
      (p) => p.type === 'packing_item.created' && String(p.data.reference).startsWith('IMP-'),
    );
    expect(imports.map((p) => p.data.reference).sort()).toEqual(['IMP-1', 'IMP-2']);
    // Asked for, made, sent: the deleted project's record says it was deleted.
    const deleted = payloads(mine).find((p) => p.type === 'project.deleted' && p.data.id === project.id);
    expect(deleted?.data.deleted_at).toMatch(/^\d{4}-/);
  });

  it('retries through a failure and a timeout until the receiver accepts, and records each state', async () => {
    const retrying = await startReceiver();
    const endpoint = await register(retrying, account.id, ['incidence.opened']);
    retrying.answer({ status: 500 }, 'hang');
    const incidence = await rig.f.create(
      'incidence',
      {},
      { project: (await rig.f.create('project', { customer: account.id })).id },
    );
    const deliveryOf = async () => {
      const list = await rig.f.api<{ results: Delivery[] }>(
        'GET',
        `/api/webhooks/deliveries/?endpoint=${endpoint.id}`,
        { token: rig.f.adminToken },
      );
      return list.body.results.find((d) => d.event_type === 'incidence.opened');
    };
    await waitFor('the first, failed attempt', async () => (await deliveryOf())?.last_status === 500);
    expect((await deliveryOf())?.status).toBe('pending');
    await waitFor('delivered', async () => (await deliveryOf())?.status === 'delivered', 30_000);
    const delivery = await deliveryOf();
    expect(delivery).toMatchObject({ attempts: 3, last_status: 204 });
    const tries = retrying.received.filter((r) => JSON.parse(r.body).data.id === incidence.id);
    expect(tries.map((r) => r.answered)).toEqual([500, 'hang', 204]);
    // One message: the same webhook-id and body on every attempt.
    expect(new Set(tries.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    expect(tries[0].headers['webhook-id']).toBe(delivery?.id);
    await retrying.close();
  });

  it('gives up after the retry window, and an admin replays it: the same message, newly signed', async () => {
    const replaying = await startReceiver();
    const endpoint = await register(replaying, account.id, ['report.ready']);
    const project = await rig.f.create('project', { customer: account.id });
    const report = await rig.f.create('sof-report', {}, { project: project.id });
    const sentFor = () => replaying.received.filter((r) => JSON.parse(r.body).data.id === report.id);
    await waitFor('report.ready', () => sentFor().length >= 1);
    expect(sentFor().map((r) => JSON.parse(r.body).type)).toEqual(['report.ready']);
    const [row] = await rig.server.query('select id::text as id from webhook_delivery where endpoint = $1', [
      endpoint.id,
    ]);
    // As if 24 hours had gone by with the receiver down: the next failure is final.
    await rig.server.query(
      "update webhook_delivery set status = 'pending', next_attempt_at = now(), retry_until = now() where id = $1",
      [row.id],
    );
    replaying.answer({ status: 503 });
    const state = async () =>
      String(
        (await rig.server.query('select status from webhook_delivery where id = $1', [row.id]))[0].status,
      );
    await waitFor('failed', async () => (await state()) === 'failed');
    expect(sentFor().map((r) => r.answered)).toEqual([204, 503]);
    const replay = await rig.f.api<Delivery>('POST', `/api/webhooks/deliveries/${row.id}/replay/`, {
      token: rig.f.adminToken,
    });
    expect(replay.status).toBe(202);
    expect(replay.body.status).toBe('pending');
    await waitFor('delivered again', async () => (await state()) === 'delivered');
    const [first, , again] = sentFor();
    expect(again.headers['webhook-id']).toBe(row.id);
    expect(again.body).toBe(first.body);
    expect(verify(endpoint.secret, again.headers as Record<string, string>, again.body)).toBe(true);
    await replaying.close();
  });

  it.runIf(process.env.DATABASE_URL)(
    'delivers each event once with two server processes on one database',
    async () => {
      const second = await startServer({ ...rig.server.config, port: 0 });
      try {
        const both = await startReceiver();
        await register(both, account.id, ['project.created']);
        const projects = [];
        for (let n = 0; n < 12; n++) projects.push(await rig.f.create('project', { customer: account.id }));
        await waitFor('all 12', () => both.received.length >= 12);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const ids = both.received.map((r) => r.headers['webhook-id']);
        expect(ids).toHaveLength(12);
        expect(new Set(ids).size).toBe(12);
        expect(both.received.map((r) => JSON.parse(r.body).data.id).sort()).toEqual(
          projects.map((p) => p.id).sort(),
        );
        await both.close();
      } finally {
        await second.close();
      }
    },
  );

  it('is for admins: staff and customer tokens are refused; an address must be https (http only to loopback)', async () => {
    const token = await rig.f.accountToken(account.id);
    for (const caller of [rig.f.staffToken, token])
      expect((await rig.f.api('GET', '/api/webhooks/endpoints/', { token: caller })).status).toBe(403);
    const bad = await rig.f.api('POST', '/api/webhooks/endpoints/', {
      token: rig.f.adminToken,
      headers: { 'accept-language': 'es' },
      body: { account: account.id, url: 'http://erp.example.com/hook', events: ['project.sing'] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['events', 'url']);
    expect(JSON.stringify(bad.body)).toContain('https://');
    expect(JSON.stringify(bad.body)).toContain('solo');
    const ok = await rig.f.api('POST', '/api/webhooks/endpoints/', {
      token: rig.f.adminToken,
      body: {
        account: account.id,
        url: 'https://erp.example.com/hook',
        events: ['report.ready'],
        active: false,
      },
    });
    expect(ok.status).toBe(201);
  });
});
