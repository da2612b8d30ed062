// Sync test harness: the real server (in-memory PGlite), users with tokens, and simulated devices, each
// with its own fake IndexedDB and its own HTTP path (direct, or through a fault proxy).
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/testing';
import { createSyncApi, type SyncApi } from '../../api/sync';
import type { ResourceName } from '../../domain/registry';
import type { DeviceState } from '../../domain/sync-wire';
import type { LocalDb } from '../../store/db';
import { deviceDb } from '../../store/testing';
import type { WriteContext } from '../../store/writes';
import { deviceStateOf } from '../device';
import { SyncEngine, type SyncEngineOptions } from '../engine';
import { pullAll } from '../pull';
import { type PushSummary, pushAll } from '../push';

const PASSWORD = 'Quay-Crane-42';

export interface TestUser {
  id: string;
  username: string;
  token: string;
}

export interface SyncServer {
  server: TestServer;
  url: string;
  admin: TestUser;
  /** A user with a fresh token. */
  user(username: string, role?: 'admin' | 'staff'): Promise<TestUser>;
  signIn(username: string): Promise<string>;
  /** A REST call as `user` (tests read the server's view and make server-side changes with it). */
  rest<T = Record<string, unknown>>(
    user: TestUser,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export async function startSyncServer(): Promise<SyncServer> {
  const server = await startTestServer();
  const rest: SyncServer['rest'] = async (user, method, path, body) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Token ${user.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
  };
  const signIn = async (username: string) => {
    const response = await fetch(`${server.url}/api/get-token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    const body = (await response.json()) as { token: string };
    return body.token;
  };
  const user = async (username: string, role: 'admin' | 'staff' = 'staff') => {
    const id = await server.createUser({ username, password: PASSWORD, role });
    return { id, username, token: await signIn(username) };
  };
  const admin = await user('harbour_admin', 'admin');
  return { server, url: server.url, admin, user, signIn, rest, close: () => server.close() };
}

/**
 * A test file's server and one user of it, started before its tests and closed after: `const rig =
 * syncRig('clerk')` then `rig.server` and `rig.user` inside the tests.
 */
export function syncRig(username: string, role?: 'admin' | 'staff') {
  const rig = {} as { server: SyncServer; user: TestUser };
  beforeAll(async () => {
    rig.server = await startSyncServer();
    rig.user = await rig.server.user(username, role);
  });
  afterAll(async () => {
    await rig.server?.close();
  });
  return rig;
}

export interface TestDevice {
  db: LocalDb;
  user: TestUser;
  api: SyncApi;
  ctx: WriteContext;
  deviceState(): Promise<DeviceState>;
  push(batchSize?: number): Promise<PushSummary>;
  pull(): Promise<number>;
  engine(options?: Partial<SyncEngineOptions>): SyncEngine;
  /** The local row of a record. */
  row(resource: ResourceName, id: string): Promise<Record<string, unknown> | undefined>;
}

export interface DeviceOptions {
  /** Where its requests go (a proxy's URL); default the server. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The token it sends; default the user's. */
  token?: () => string | null;
  /** Its clock (ms): how far off the true time it is can be changed while it runs. */
  now?: () => number;
  /** Its local database; default a fresh one of the user's. */
  db?: LocalDb;
  /** The data version its app sends; default the current one. */
  dataVersion?: string;
}

export async function makeDevice(
  server: SyncServer,
  user: TestUser,
  options: DeviceOptions = {},
): Promise<TestDevice> {
  const db = options.db ?? deviceDb(user.id);
  await db.open();
  const api = createSyncApi({
    baseUrl: options.baseUrl ?? server.url,
    token: options.token ?? (() => user.token),
    fetch: options.fetch,
    timeoutMs: 20_000,
    now: options.now,
    dataVersion: options.dataVersion,
  });
  const deviceState = () => deviceStateOf(db, 'test');
  return {
    db,
    user,
    api,
    ctx: { db, userId: user.id, now: options.now },
    deviceState,
    push: (batchSize) => pushAll({ db, api, deviceState, userId: user.id, batchSize }),
    pull: () => pullAll({ db, api, deviceState }),
    engine: (engineOptions = {}) =>
      new SyncEngine({
        db,
        api,
        userId: user.id,
        locks: null,
        events: null,
        intervalMs: 0,
        pushDelayMs: 10,
        backoff: { baseMs: 20, maxMs: 200 },
        ...engineOptions,
      }),
    row: (resource, id) => db.rows(resource).get(id),
  };
}

/** Ids of seeded lookups the tests need, read from a device's local copy after a pull. */
export async function lookupIds(db: LocalDb) {
  const statuses = await db.rows('project-status').toArray();
  const events = await db.rows('event').toArray();
  const find = <T extends { id: string }>(rows: T[], test: (row: T) => boolean, what: string) => {
    const row = rows.find(test);
    if (!row) throw new Error(`No ${what} in the seeded lookups`);
    return row.id;
  };
  return {
    inProgress: find(
      statuses,
      (row) => String(row.name).toLowerCase() === 'in progress',
      'in progress status',
    ),
    planned: find(statuses, (row) => String(row.name).toLowerCase() === 'planned', 'planned status'),
    workingShift: find(events, (row) => row.kind === 'working', 'working event type'),
  };
}

/** Polls until `check` passes (engine tests wait for background work). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
