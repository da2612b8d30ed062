import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import { type Api, apiClient, signIn } from '../../tests/api/http.js';
import { startTestServer, type TestServer } from '../testing.js';
import { purgeExpired } from './retention.js';

let server: TestServer;
let api: Api;
let token: string;
let staffToken: string;
const PASSWORD = 'Quay-Crane-42';
const clientId = uuidv7();

interface PullBody {
  changes: { resource: string; op: string; id?: string; row?: Record<string, unknown> }[];
  cursor: string;
  has_more: boolean;
  total?: number;
}
interface PushBody {
  results: {
    mutation_id: string;
    status: string;
    row?: Record<string, unknown> | null;
    errors?: Record<string, string[]>;
    detail?: string;
  }[];
}

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  await server.createUser({ username: 'boss', password: PASSWORD, role: 'admin' });
  await server.createUser({ username: 'prompter', password: PASSWORD, role: 'staff' });
  token = await signIn(api, 'boss', PASSWORD);
  staffToken = await signIn(api, 'prompter', PASSWORD);
});
afterAll(() => server?.close());

const mutation = (
  resource: string,
  op: string,
  id: string,
  data?: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  mutation_id: uuidv7(),
  seq: Number(extra.seq ?? 0),
  resource,
  op,
  id,
  data,
  occurred_at: new Date().toISOString(),
  ...extra,
});
const push = (mutations: unknown[], as = token, device = clientId) =>
  api<PushBody>('POST', '/api/sync/push/', {
    token: as,
    body: { client_id: device, device_name: 'Tablet 3', pending: 0, mutations },
  });

async function pullAll(
  scope: string,
  cursor = '',
): Promise<{ changes: PullBody['changes']; cursor: string }> {
  const changes: PullBody['changes'] = [];
  let next = cursor;
  for (;;) {
    const response = await api<PullBody>(
      'GET',
      `/api/sync/pull/?scope=${scope}&limit=50&client_id=${clientId}${next ? `&cursor=${next}` : ''}`,
      { token },
    );
    expect(response.status).toBe(200);
    changes.push(...response.body.changes);
    next = response.body.cursor;
    if (!response.body.has_more) return { changes, cursor: next };
  }
}

describe('push', () => {
  it('applies a batch in seq order, answers a replay as duplicate, and rejects what depends on a rejected create', async () => {
    const account = uuidv7();
    const project = uuidv7();
    const broken = uuidv7();
    const first = await push([
      mutation(
        'project',
        'create',
        project,
        { code: `P-${project.slice(-6)}`, name: 'Call', customer: account },
        { seq: 2 },
      ),
      mutation('accounts', 'create', account, { trade_name: 'Acme Steel' }, { seq: 1 }),
      mutation(
        'project-event',
        'create',
        broken,
        { project, event: uuidv7(), init_date: '2026-11-20T08:00' },
        { seq: 3 },
      ),
      mutation('hand', 'create', uuidv7(), { event: broken }, { seq: 4 }),
      mutation('project', 'update', project, { name: 'Call renamed' }, { seq: 5 }),
    ]);
    expect(first.status).toBe(200);
    expect(first.body.results.map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'rejected',
      'rejected',
      'applied',
    ]);
    expect(first.body.results[2].errors).toHaveProperty('event');
    expect(first.body.results[3].errors).toEqual({ non_field_errors: ['depends on a rejected change'] });
    expect(first.body.results[4].row).toMatchObject({ id: project, name: 'Call renamed', version: 2 });

    const replay = await push([
      {
        ...mutation('accounts', 'create', account, { trade_name: 'Acme Steel' }),
        mutation_id:
          first.body.results[0].row &&
          (await server.query('select mutation_id from sync_mutation where record_id = $1', [account]))[0]
            .mutation_id,
      },
    ]);
    expect(replay.body.results[0].status).toBe('duplicate');
    expect(await server.query('select count(*)::int as n from accounts where id = $1', [account])).toEqual([
      { n: 1 },
    ]);
  });

  it('answers a change to a record deleted on the server as a conflict', async () => {
    const crane = uuidv7();
    await push([mutation('crane-type', 'create', crane, { name: 'Gottwald HMK 300' })]);
    expect((await api('DELETE', `/api/crane-type/${crane}/`, { token })).status).toBe(204);
    const late = await push([mutation('crane-type', 'update', crane, { name: 'Liebherr LHM 550' })]);
    expect(late.body.results[0]).toMatchObject({ status: 'conflict', detail: 'deleted', row: null });
  });

  it('keeps the later write of one field and both writes of different fields', async () => {
    const account = uuidv7();
    await push([
      mutation(
        'accounts',
        'create',
        account,
        { trade_name: 'Base' },
        { occurred_at: '2026-11-22T08:00:00Z' },
      ),
    ]);
    const [early, late] = ['2026-11-22T09:00:00Z', '2026-11-22T10:00:00Z'];
    // Another device sends the later change first.
    await push(
      [mutation('accounts', 'update', account, { trade_name: 'Late' }, { occurred_at: late })],
      token,
      uuidv7(),
    );
    const earlier = await push([
      mutation(
        'accounts',
        'update',
        account,
        { trade_name: 'Early', email: 'ops@acme.example' },
        { occurred_at: early },
      ),
    ]);
    // Not applied as sent: a conflict naming the field and the value that stands.
    expect(earlier.body.results[0]).toMatchObject({
      status: 'conflict',
      detail: 'A later change stands: trade_name = "Late".',
    });
    const row = (await api<Record<string, unknown>>('GET', `/api/accounts/${account}/`, { token })).body;
    expect(row).toMatchObject({ trade_name: 'Late', email: 'ops@acme.example' });
    const history = await api<{
      results: { changes: Record<string, { from: unknown; to: unknown }>; note: string | null }[];
    }>('GET', `/api/accounts/${account}/history/`, { token });
    const values = history.body.results.flatMap((entry) =>
      Object.values(entry.changes).flatMap((c) => [c.from, c.to]),
    );
    expect(values).toEqual(expect.arrayContaining(['Late', 'Early']));
  });

  it('refuses pushes from customer tokens and without a token', async () => {
    expect(
      (await api('POST', '/api/sync/push/', { body: { client_id: clientId, mutations: [] } })).status,
    ).toBe(401);
    const rejected = await push(
      [mutation('commodity', 'create', uuidv7(), { name: 'Steel', code: 'coil' })],
      staffToken,
      uuidv7(),
    );
    expect(rejected.body.results[0].status).toBe('rejected');
  });
});

describe('pull', () => {
  it('sends every change once, oldest first, tombstones included, in pages', async () => {
    const start = await pullAll('global');
    const ids = Array.from({ length: 7 }, () => uuidv7());
    for (const id of ids) await push([mutation('port', 'create', id, { name: `Port ${id.slice(-5)}` })]);
    await api('DELETE', `/api/port/${ids[0]}/`, { token });
    const after = await pullAll('global', start.cursor);
    const ports = after.changes.filter((change) => change.resource === 'port');
    expect(ports.filter((c) => c.op === 'upsert').map((c) => c.row?.id)).toEqual(ids.slice(1));
    expect(ports.filter((c) => c.op === 'delete').map((c) => c.id)).toEqual([ids[0]]);
    const again = await pullAll('global', after.cursor);
    expect(again.changes).toEqual([]);
  });

  it('gives a project scope its rows with a total on the first pull', async () => {
    const project = uuidv7();
    const commodity = (await server.query("select id from commodity where code = 'coil'"))[0].id as string;
    await push([mutation('project', 'create', project, { code: `S-${project.slice(-6)}`, name: 'Scope' })]);
    await push(
      Array.from({ length: 12 }, (_, i) =>
        mutation(
          'packing-list',
          'create',
          uuidv7(),
          { project, reference: `CL-${i}`, commodity },
          { seq: i },
        ),
      ),
    );
    const first = await api<PullBody>(
      'GET',
      `/api/sync/pull/?scope=project:${project}&limit=5&client_id=${clientId}`,
      { token },
    );
    expect(first.body.total).toBe(12);
    expect(first.body.has_more).toBe(true);
    const all = await pullAll(`project:${project}`);
    expect(all.changes.filter((c) => c.resource === 'packing-list')).toHaveLength(12);
    expect(
      (await api('GET', `/api/sync/pull/?scope=project:${uuidv7()}&client_id=${clientId}`, { token })).status,
    ).toBe(404);
  });

  it('answers 410 to a cursor older than the kept tombstones', async () => {
    const old = (await pullAll('global')).cursor;
    const id = uuidv7();
    await push([mutation('vessel', 'create', id, { name: 'Old Lady' })]);
    await api('DELETE', `/api/vessel/${id}/`, { token });
    await server.query("update vessel set deleted_at = now() - interval '91 days' where id = $1", [id]);
    await purgeExpired(server.server.database);
    const expired = await api('GET', `/api/sync/pull/?scope=global&client_id=${clientId}&cursor=${old}`, {
      token,
    });
    expect(expired.status).toBe(410);
    expect((await api('GET', `/api/sync/pull/?scope=global&client_id=${clientId}`, { token })).status).toBe(
      200,
    );
  });

  it('names a bad scope or cursor', async () => {
    const response = await api('GET', `/api/sync/pull/?scope=elsewhere&cursor=nope&client_id=${clientId}`, {
      token,
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body as object).sort()).toEqual(['cursor', 'scope']);
  });
});

describe('devices', () => {
  it('lists each device with its user and pending counts, for admins only', async () => {
    const devices = await api<{
      results: { client_id: string; device_name: string; user: { username: string } }[];
    }>('GET', '/api/sync/devices/', { token });
    expect(devices.body.results.find((d) => d.client_id === clientId)).toMatchObject({
      device_name: 'Tablet 3',
    });
    expect((await api('GET', '/api/sync/devices/', { token: staffToken })).status).toBe(403);
  });
});

describe('rows of no project', () => {
  it('sends a container report and its attachments with the global scope', async () => {
    const start = (await pullAll('global')).cursor;
    const report = await api<{ id: string }>('POST', '/api/container-report/', {
      token,
      body: { container_number: 'MSCU1234565' },
    });
    expect(report.status).toBe(201);
    const form = new FormData();
    form.set('description', 'door');
    form.set('is_image', 'false');
    form.set('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'door.pdf');
    const upload = await fetch(`${server.url}/api/container-report/${report.body.id}/attachments/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const changes = (await pullAll('global', start)).changes;
    expect(changes.map((c) => c.resource)).toEqual(
      expect.arrayContaining(['container-report', 'attachment']),
    );
  });
});
