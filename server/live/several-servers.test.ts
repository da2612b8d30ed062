// Two server processes on one PostgreSQL database, called alternately, as behind a load balancer:
// live notices, pulls with nothing new, sign-in limits, tokens, idempotency keys and device state hold
// across them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import { type Fixtures, fixtures, token } from '../../tests/api/fixtures.js';
import { apiClient, signIn } from '../../tests/api/http.js';
import { type ServerProcess, startServerProcess } from '../../tests/fixtures/server-process.js';
import { startTestServer, type TestServer } from '../testing.js';
import { openLive } from './testing.js';

const databaseUrl = process.env.DATABASE_URL;
let owner: TestServer;
let f: Fixtures;
let a: ServerProcess;
let b: ServerProcess;
let dataDir: string;
const PASSWORD = 'Quay-Crane-Tally-77';

describe.skipIf(!databaseUrl)('several server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    owner = await startTestServer();
    f = await fixtures(owner);
    dataDir = await mkdtemp(join(tmpdir(), 'kt-two-'));
    const env = {
      DATABASE_URL: String(owner.config.databaseUrl),
      DATA_DIR: dataDir,
      LOGIN_MAX_FAILURES_PER_USER: '3',
      STATIC_DIR: join(dataDir, 'no-app'),
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await owner?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('tells a device on one process of a change made through the other, within 2 s', async () => {
    const project = (await f.create('project')).id;
    const live = await openLive(a.url, f.staffToken, [`project:${project}`]);
    expect(live.response.status).toBe(200);
    const item = await apiClient(b.url)('POST', '/api/packing-list/', {
      token: f.adminToken,
      body: await f.body('packing-list', { project }),
    });
    expect(item.status).toBe(201);
    expect((await live.next(2_000)).data.scope).toBe(`project:${project}`);
    live.close();
  });

  it('answers a pull on one process with a change made through the other just before, never "nothing new"', async () => {
    const project = (await f.create('project')).id;
    const clientId = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a78';
    const pull = (server: ServerProcess, cursor: string) =>
      apiClient(server.url)<{ changes: { row?: { id: string } }[]; cursor: string }>(
        'GET',
        `/api/sync/pull/?scope=project:${project}&client_id=${clientId}${cursor ? `&cursor=${cursor}` : ''}`,
        { token: f.staffToken },
      );
    const { cursor } = (await pull(a, '')).body;
    expect((await pull(a, cursor)).body.changes).toEqual([]);
    const item = await apiClient(b.url)<{ id: string }>('POST', '/api/packing-list/', {
      token: f.adminToken,
      body: await f.body('packing-list', { project }),
    });
    expect(item.status).toBe(201);
    const after = await pull(a, cursor);
    expect(after.body.changes.map((change) => change.row?.id)).toContain(item.body.id);
  });

  it('counts failed sign-ins across processes, and a token signed out on one fails on the other at once', async () => {
    const username = token(20).toLowerCase();
    await owner.createUser({ username, password: PASSWORD });
    const tokenOnA = await signIn(apiClient(a.url), username, PASSWORD);
    expect((await apiClient(b.url)('GET', '/api/users/me/', { token: tokenOnA })).status).toBe(200);
    // A pull takes its caller from the process's cache of tokens, and checks the token in its statement.
    const clientId = uuidv7();
    const pullOnB = () =>
      apiClient(b.url)('GET', `/api/sync/pull/?scope=global&client_id=${clientId}`, { token: tokenOnA });
    expect((await pullOnB()).status).toBe(200);
    expect((await apiClient(a.url)('POST', '/api/logout/', { token: tokenOnA })).status).toBeLessThan(300);
    expect((await pullOnB()).status).toBe(401);
    expect((await apiClient(b.url)('GET', '/api/users/me/', { token: tokenOnA })).status).toBe(401);

    const statuses: number[] = [];
    for (const server of [a, b, a, b]) {
      const answer = await apiClient(server.url)('POST', '/api/get-token/', {
        body: { username, password: 'wrong-password' },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('refuses a token by the same rules on both paths: the pull re-checking a cached token, and any other request', async () => {
    const username = token(20).toLowerCase();
    const userId = await owner.createUser({ username, password: PASSWORD });
    const tokenOnA = await signIn(apiClient(a.url), username, PASSWORD);
    const clientId = uuidv7();
    const pullOnB = async () =>
      (
        await apiClient(b.url)('GET', `/api/sync/pull/?scope=global&client_id=${clientId}`, {
          token: tokenOnA,
        })
      ).status;
    const meOnA = async () => (await apiClient(a.url)('GET', '/api/users/me/', { token: tokenOnA })).status;
    expect(await pullOnB()).toBe(200);
    // The user made inactive in the database, its token left there: refused by both (B's cache holds it).
    await owner.query('update users set is_active = false where id = $1', [userId]);
    expect([await pullOnB(), await meOnA()]).toEqual([401, 401]);
    await owner.query('update users set is_active = true where id = $1', [userId]);
    expect([await pullOnB(), await meOnA()]).toEqual([200, 200]);
    // Unused past the idle limit: refused by both.
    await owner.query("update auth_token set last_used_at = now() - interval '10 years' where user_id = $1", [
      userId,
    ]);
    expect([await pullOnB(), await meOnA()]).toEqual([401, 401]);
  });

  it('answers a repeated Idempotency-Key on the other process with the first answer, once', async () => {
    const key = `two-${token(10)}`;
    const body = await f.body('vessel');
    const first = await apiClient(a.url)('POST', '/api/vessel/', {
      token: f.adminToken,
      body,
      headers: { 'idempotency-key': key },
    });
    const again = await apiClient(b.url)('POST', '/api/vessel/', {
      token: f.adminToken,
      body,
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('shows on one process the device state reported to the other', async () => {
    const clientId = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a77';
    const pulled = await apiClient(a.url)(
      'GET',
      `/api/sync/pull/?scope=global&client_id=${clientId}&device_name=Tablet%207&pending=4`,
      { token: f.staffToken },
    );
    expect(pulled.status).toBe(200);
    const devices = await apiClient(b.url)<{ results: Record<string, unknown>[] }>(
      'GET',
      '/api/sync/devices/',
      {
        token: f.adminToken,
      },
    );
    expect(devices.body.results.find((device) => device.client_id === clientId)).toMatchObject({
      device_name: 'Tablet 7',
      pending: 4,
    });
  });
});
