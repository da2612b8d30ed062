// Simulated tablets for the soak tests and the devices bench: each a real local store (Dexie on its own
// fake IndexedDB) with the real push and pull, talking HTTP to a server, with every sync request timed.
import { createSyncApi } from '../../../src/api/sync';
import type { LocalDb } from '../../../src/store/db';
import { deviceDb } from '../../../src/store/testing';
import type { WriteContext } from '../../../src/store/writes';
import { deviceStateOf } from '../../../src/sync/device';
import { pullAll } from '../../../src/sync/pull';
import { type PushSummary, pushAll } from '../../../src/sync/push';
import { SOAK_PASSWORD } from './server-process';

export interface SignedIn {
  id: string;
  username: string;
  token: string;
}

export async function signIn(url: string, username: string): Promise<SignedIn> {
  const response = await fetch(`${url}/api/get-token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: SOAK_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: HTTP ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  const me = await fetch(`${url}/api/users/me/`, { headers: { authorization: `Token ${token}` } });
  const { id } = (await me.json()) as { id: string };
  return { id, username, token };
}

/** A REST call as `user`: the body decoded, or null. */
export async function rest<T = Record<string, unknown>>(
  url: string,
  user: SignedIn,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Token ${user.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Milliseconds of every push and pull request, by kind. */
export interface Timings {
  push: number[];
  pull: number[];
}

export interface SoakDevice {
  db: LocalDb;
  ctx: WriteContext;
  push(batchSize?: number): Promise<PushSummary>;
  pull(): Promise<number>;
  close(): void;
}

export async function makeSoakDevice(
  url: () => string,
  user: SignedIn,
  timings?: Timings,
): Promise<SoakDevice> {
  const db = deviceDb(`${user.id}-${Math.random().toString(36).slice(2)}`);
  await db.open();
  const timedFetch: typeof fetch = async (input, init) => {
    const started = performance.now();
    const response = await fetch(input, init);
    const target = input instanceof Request ? input.url : String(input);
    const kind = target.includes('/sync/push/') ? 'push' : target.includes('/sync/pull/') ? 'pull' : null;
    if (kind && timings) timings[kind].push(performance.now() - started);
    return response;
  };
  // The base URL is read per request through a small indirection: a restarted server has a new port.
  const api = {
    pull: (...args: Parameters<ReturnType<typeof createSyncApi>['pull']>) => current().pull(...args),
    push: (...args: Parameters<ReturnType<typeof createSyncApi>['push']>) => current().push(...args),
  };
  let made: { base: string; api: ReturnType<typeof createSyncApi> } | null = null;
  const current = () => {
    const base = url();
    if (made?.base !== base)
      made = {
        base,
        api: createSyncApi({ baseUrl: base, token: () => user.token, fetch: timedFetch, timeoutMs: 60_000 }),
      };
    return made.api;
  };
  const deviceState = () => deviceStateOf(db, 'soak');
  return {
    db,
    ctx: { db, userId: user.id },
    push: (batchSize) => pushAll({ db, api, deviceState, userId: user.id, batchSize }),
    pull: () => pullAll({ db, api, deviceState }),
    close: () => db.close(),
  };
}

/** The p-th percentile (0-100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
