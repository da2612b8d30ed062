// The sync endpoints (docs/sync-protocol.md) for the offline engine. Only this file talks to
// them. The base URL, token and fetch are injectable so the engine runs in Node tests against a real
// server (and through a fault-injecting proxy). Through fetch, not ky: the first sync (the pull, in its
// worker) is the first screen's, and ky is not (./http.ts).
import { DATA_VERSION, DATA_VERSION_HEADER } from '../domain/data-version';
import type {
  ColumnsPullPage,
  DeviceState,
  Mutation,
  PulledPage,
  PullPage,
  PushAnswer,
} from '../domain/sync-wire';
import { fetchInTime, withSessionHeaders } from './http';

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

/** Rows of the columns format as objects: each array of values under its table's column names. */
function rowsOf(
  columns: readonly string[],
  values: readonly unknown[][],
): PulledPage['tables'][number]['rows'] {
  const rows: PulledPage['tables'][number]['rows'] = new Array(values.length);
  const width = columns.length;
  for (let n = 0; n < values.length; n++) {
    const row: Record<string, unknown> = {};
    const value = values[n] as unknown[];
    for (let c = 0; c < width; c++) row[columns[c] as string] = value[c];
    rows[n] = row as (typeof rows)[number];
  }
  return rows;
}

/**
 * A pull answer in either format (docs/sync-protocol.md): the columns format this app asks for, or the
 * first format, which a server older than it answers.
 */
function readPullPage(body: PullPage | ColumnsPullPage): PulledPage {
  const { cursor, has_more, total } = body;
  const tables: PulledPage['tables'] = [];
  let size = 0;
  if ('format' in body && body.format === 'columns') {
    for (const table of body.tables) {
      tables.push({
        resource: table.resource,
        rows: rowsOf(table.columns, table.rows),
        deleted: table.deleted,
      });
      size += table.rows.length + table.deleted.length;
    }
  } else {
    const byResource = new Map<string, PulledPage['tables'][number]>();
    for (const change of (body as PullPage).changes) {
      let table = byResource.get(change.resource);
      if (!table) {
        table = { resource: change.resource, rows: [], deleted: [] };
        byResource.set(change.resource, table);
        tables.push(table);
      }
      if (change.op === 'upsert') table.rows.push(change.row);
      else table.deleted.push(change.id);
    }
    size = (body as PullPage).changes.length;
  }
  return { tables, size, cursor, has_more, ...(total !== undefined ? { total } : {}) };
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
  ): Promise<PulledPage>;
  push(mutations: Mutation[], device: DeviceState): Promise<PushAnswer>;
  /** The live notices of these scopes: the open Server-Sent Events stream's body (ends with `signal`). */
  live?(scopes: string[], signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
}

function deviceQuery(device: DeviceState): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(device)) if (value !== undefined) query[key] = String(value);
  return query;
}

/** A failure of `run` as the engine reads it: SyncHttpError (the server answered) or SyncNetworkError. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SyncHttpError) throw error;
    if (
      error instanceof TypeError ||
      (typeof DOMException !== 'undefined' && error instanceof DOMException) ||
      (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    )
      throw new SyncNetworkError(error);
    throw error;
  }
}

/** An error status as SyncHttpError, with its body when it is JSON. */
async function refused(response: Response): Promise<SyncHttpError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return new SyncHttpError(response.status, body);
}

export function createSyncApi(options: SyncApiOptions): SyncApi {
  const prefix = options.baseUrl ? `${options.baseUrl.replace(/\/$/, '')}/api/` : '/api/';
  const timeoutMs = options.timeoutMs ?? 60_000;
  // The session's headers (JSON, language), then this token (or none) and the app's data version.
  const headersOf = (extra?: Record<string, string>) => {
    const headers = new Headers(extra);
    const token = options.token();
    if (token) headers.set('Authorization', `Token ${token}`);
    withSessionHeaders(headers);
    if (!token) headers.delete('Authorization');
    headers.set(DATA_VERSION_HEADER, options.dataVersion ?? DATA_VERSION);
    return headers;
  };
  const send = async (
    path: string,
    init: { method?: string; query?: URLSearchParams; json?: unknown; signal?: AbortSignal },
    timeout: number | false = timeoutMs,
  ): Promise<Response> => {
    const query = init.query?.toString();
    const url = `${prefix}${path}${query ? `?${query}` : ''}`;
    const response = await fetchInTime(
      options.fetch ?? fetch,
      url,
      {
        method: init.method ?? 'GET',
        headers: headersOf(init.json === undefined ? undefined : { 'Content-Type': 'application/json' }),
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        signal: init.signal,
      },
      timeout,
    );
    if (!response.ok) throw await refused(response);
    return response;
  };
  return {
    pull: ({ scope, cursor, limit }, device) =>
      call(async () => {
        const query = new URLSearchParams({
          scope,
          limit: String(limit),
          format: 'columns',
          ...(cursor ? { cursor } : {}),
          ...deviceQuery(device),
        });
        return readPullPage(
          (await (await send('sync/pull/', { query })).json()) as PullPage | ColumnsPullPage,
        );
      }),
    // sent_at with each change's occurred_at (both this device's clock) tells the server how old the change
    // is; it orders changes by its own time of receipt less that age (the device's clock may be off).
    push: (mutations, device) =>
      call(async () => {
        const json = { ...device, sent_at: new Date(options.now?.() ?? Date.now()).toISOString(), mutations };
        return (await (await send('sync/push/', { method: 'POST', json })).json()) as PushAnswer;
      }),
    live: (scopes, signal) =>
      call(async () => {
        const query = new URLSearchParams(scopes.map((scope) => ['scope', scope]));
        // No time limit: the stream stays open while the app is (until `signal`); no retry: the live
        // channel has its own.
        const response = await send('sync/live/', { query, signal }, false);
        if (!response.body) throw new SyncNetworkError(new Error('No stream'));
        return response.body;
      }),
  };
}
