// The sync endpoints (docs/sync-protocol.md) for the offline engine. Only this file talks to
// them. The base URL, token and fetch are injectable so the engine runs in Node tests against a real
// server (and through a fault-injecting proxy).
import { HTTPError, type KyInstance, TimeoutError } from 'ky';
import { DATA_VERSION, DATA_VERSION_HEADER } from '../domain/data-version';
import type { DeviceState, Mutation, PullPage, PushAnswer } from '../domain/sync-wire';
import { api } from './client';

/** The server answered with an error status (the body decoded when it was JSON). */
export class SyncHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = 'SyncHttpError';
  }
}

/** No answer: offline, connection dropped, time-out. Whether the server got the request is unknown. */
export class SyncNetworkError extends Error {
  constructor(reason: unknown) {
    super(reason instanceof Error ? reason.message : 'Network error', { cause: reason });
    this.name = 'SyncNetworkError';
  }
}

export interface SyncApiOptions {
  /** Origin of the server ('http://127.0.0.1:4100'); default: this page's /api/. */
  baseUrl?: string;
  /** The current token; read on every request, so a new sign-in takes effect at once. */
  token: () => string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** This device's clock (ms), sent with each push as sent_at; default Date.now. */
  now?: () => number;
  /** The app's data version (src/domain/data-version.ts), sent with each request; tests give another. */
  dataVersion?: string;
}

export interface SyncApi {
  pull(
    query: { scope: string; cursor: string | null; limit: number },
    device: DeviceState,
  ): Promise<PullPage>;
  push(mutations: Mutation[], device: DeviceState): Promise<PushAnswer>;
  /** The live notices of these scopes: the open Server-Sent Events stream's body (ends with `signal`). */
  live?(scopes: string[], signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
}

function deviceQuery(device: DeviceState): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(device)) if (value !== undefined) query[key] = String(value);
  return query;
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HTTPError) {
      let body: unknown;
      try {
        body = await error.response.json();
      } catch {
        body = undefined;
      }
      throw new SyncHttpError(error.response.status, body);
    }
    if (error instanceof TimeoutError || error instanceof TypeError || error instanceof DOMException)
      throw new SyncNetworkError(error);
    throw error;
  }
}

export function createSyncApi(options: SyncApiOptions): SyncApi {
  const client: KyInstance = api.extend({
    ...(options.baseUrl ? { prefixUrl: `${options.baseUrl.replace(/\/$/, '')}/api/` } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    timeout: options.timeoutMs ?? 60_000,
    hooks: {
      beforeRequest: [
        (request) => {
          const token = options.token();
          if (token) request.headers.set('Authorization', `Token ${token}`);
          else request.headers.delete('Authorization');
          request.headers.set(DATA_VERSION_HEADER, options.dataVersion ?? DATA_VERSION);
        },
      ],
    },
  });
  return {
    pull: ({ scope, cursor, limit }, device) =>
      call(() =>
        client
          .get('sync/pull/', {
            searchParams: {
              scope,
              limit: String(limit),
              ...(cursor ? { cursor } : {}),
              ...deviceQuery(device),
            },
          })
          .json<PullPage>(),
      ),
    // sent_at with each change's occurred_at (both this device's clock) tells the server how old the change
    // is; it orders changes by its own time of receipt less that age (the device's clock may be off).
    push: (mutations, device) =>
      call(() =>
        client
          .post('sync/push/', {
            json: { ...device, sent_at: new Date(options.now?.() ?? Date.now()).toISOString(), mutations },
          })
          .json<PushAnswer>(),
      ),
    live: (scopes, signal) =>
      call(async () => {
        const searchParams = new URLSearchParams(scopes.map((scope) => ['scope', scope]));
        // No time limit: the stream stays open while the app is; no retry: the live channel has its own.
        const response = await client.get('sync/live/', { searchParams, signal, timeout: false, retry: 0 });
        if (!response.body) throw new SyncNetworkError(new Error('No stream'));
        return response.body;
      }),
  };
}
