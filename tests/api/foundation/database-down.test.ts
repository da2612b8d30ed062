// A PostgreSQL that is not there, or there and hung: every request (the health check included) answers
// a DRF-shaped 503 with Retry-After within the configured limits instead of waiting for ever, and the
// server carries on when the database comes back. The app is the real one (buildApp, or startServer with
// a real PostgreSQL behind a relay that can stall); only the network path to the database is made bad.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { openDatabase } from '../../../server/db/database.js';
import { type RunningServer, startServer } from '../../../server/server.js';
import { createTestDatabase } from '../../../server/testing.js';
import { usersService } from '../../../server/users/users.service.js';
import { type Api, apiClient, signIn } from '../http.js';
import { refusedPort, type Stallable, stallableRelay } from './network.js';

const PASSWORD = 'Quay-Crane-42';
/** Short limits, so the test does not wait long; the defaults are in server/config.ts. */
const TIMEOUTS = { connectMs: 1_000, queryMs: 2_000 };
/** Far above the limits (query limit + 2 s of grace): a request still waiting then would hang for ever. */
const HANG = 20_000;
const A_TOKEN = `Token ${'a'.repeat(43)}`;

/** The real app over a PostgreSQL URL that cannot serve it (no migrations can run there). */
async function appWithoutDatabase(databaseUrl: string) {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl, databaseTimeouts: TIMEOUTS };
  const database = await openDatabase({ databaseUrl, poolSize: 2, timeouts: TIMEOUTS });
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    api: apiClient(`http://127.0.0.1:${port}`),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The answer every request gets while the database cannot serve: 503, {detail}, Retry-After, headers. */
function expectUnavailable(response: { status: number; headers: Headers; body: unknown }) {
  expect(response.status).toBe(503);
  expect(response.body).toMatchObject({ detail: expect.stringMatching(/database is unavailable/) });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

async function expectAllUnavailable(api: Api) {
  const health = await api('GET', '/api/health/');
  expectUnavailable(health);
  expect(health.body).toEqual({
    detail: 'The database is unavailable at the moment; try again shortly.',
    status: 'unavailable',
    database: 'unreachable',
    engine: 'postgres',
  });
  expectUnavailable(
    await api('POST', '/api/get-token/', { body: { username: 'marta', password: PASSWORD } }),
  );
  expectUnavailable(await api('GET', '/api/users/me/', { headers: { authorization: A_TOKEN } }));
}

describe('PostgreSQL not reachable', () => {
  it('answers 503 at once when its port refuses connections', async () => {
    const app = await appWithoutDatabase(`postgres://postgres@127.0.0.1:${await refusedPort()}/none`);
    try {
      await expectAllUnavailable(app.api);
    } finally {
      await app.close();
    }
  });

  it('answers 503 within the connect limit when its host accepts connections and never answers', async () => {
    const hung = await stallableRelay();
    const app = await appWithoutDatabase(`postgres://postgres@127.0.0.1:${hung.port}/none`);
    try {
      const started = Date.now();
      await expectAllUnavailable(app.api);
      // Three requests, each bounded by the connect limit; unbounded, the first would never end.
      expect(Date.now() - started).toBeLessThan(HANG);
    } finally {
      await app.close();
      await hung.close();
    }
  }, 60_000);
});

const adminUrl = process.env.DATABASE_URL;
describe.runIf(adminUrl)('PostgreSQL hanging under a running server, then back', () => {
  let database: { url: string; drop(): Promise<void> };
  let relay: Stallable;
  let server: RunningServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(adminUrl ?? '');
    const direct = new URL(database.url);
    relay = await stallableRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const through = new URL(database.url);
    through.hostname = '127.0.0.1';
    through.port = String(relay.port);
    server = await startServer({
      ...loadConfig({ LOG_LEVEL: 'silent' }),
      host: '127.0.0.1',
      port: 0,
      demoData: false,
      databaseUrl: through.toString(),
      databasePoolSize: 3,
      databaseTimeouts: TIMEOUTS,
    });
    api = apiClient(server.url);
    await usersService(server.database).create({ username: 'marta', password: PASSWORD, role: 'admin' });
    token = await signIn(api, 'marta', PASSWORD);
  }, 120_000);
  afterAll(async () => {
    relay?.resume();
    await server?.close();
    await relay?.close();
    await database?.drop();
  });

  it('answers 503 with Retry-After while the database hangs, on pooled connections too', async () => {
    // Pooled connections exist (sign-in used them): the hang is met mid-conversation, not at connect.
    relay.stall();
    const started = Date.now();
    expectUnavailable(await api('GET', '/api/health/'));
    expectUnavailable(await api('GET', '/api/project/', { token }));
    expectUnavailable(await api('POST', '/api/project/', { token, body: { name: 'Written while hung' } }));
    expect(Date.now() - started).toBeLessThan(3 * HANG);
  }, 120_000);

  it('serves again once the database answers, and what it writes then is committed', async () => {
    relay.resume();
    await expect.poll(async () => (await api('GET', '/api/health/')).status, { timeout: 30_000 }).toBe(200);
    const made = await api<{ id: string }>('POST', '/api/project/', {
      token,
      body: { name: 'After the hang' },
    });
    expect(made.status).toBe(201);
    // Seen from another session: committed, on a connection that is not stuck behind the hang.
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    try {
      const rows = await check.query('select name from project where id = $1', [made.body.id]);
      expect(rows.rows).toEqual([{ name: 'After the hang' }]);
    } finally {
      await check.end();
    }
  }, 120_000);

  it('answers 503 when a statement outlasts the limit on a live database (a table locked by another session)', async () => {
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('lock table project in access exclusive mode');
      // PostgreSQL cancels the waiting statement itself (statement_timeout, SQLSTATE 57014).
      expectUnavailable(await api('GET', '/api/project/', { token }));
    } finally {
      await other.query('rollback');
      await other.end();
    }
    expect((await api('GET', '/api/project/', { token })).status).toBe(200);
  }, 120_000);
});
