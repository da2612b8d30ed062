// What every call to the server shares, without ky: where the session's token comes from, whether the
// browser has a network, the headers each request carries, and an HTTP error as ky's HTTPError shows one
// (`name` 'HTTPError', the `response`). The first screen's calls (who is signed in, the sync's pull) go
// through fetch here, so ky (./client.ts, every other call) is not the first screen's code.
import { storedLanguage } from '../store/language';

type TokenSource = () => string | null;

let tokenSource: TokenSource = () => null;

/** The session registers where the token comes from; the client never reads storage itself. */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

/** Whether the browser believes it has a network; online-only actions check it before trying. */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/**
 * The headers of every call: JSON accepted, `Token <token>` when signed in, and `Accept-Language` in the
 * interface's language (the server words its refusals in it); those the caller gave stay.
 */
export function withSessionHeaders(headers: Headers): Headers {
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = tokenSource();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Token ${token}`);
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', storedLanguage());
  return headers;
}

/** The server answered with an error status: as ky's HTTPError, so one check reads both. */
class HttpError extends Error {
  constructor(readonly response: Response) {
    super(`Request failed with status code ${response.status} ${response.statusText}`.trim());
    this.name = 'HTTPError';
  }
}

/** An answer with an error status, from ky (HTTPError) or from ./http.ts (HttpError). */
export function isHttpError(error: unknown): error is Error & { response: Response } {
  return (
    error instanceof Error &&
    error.name === 'HTTPError' &&
    'response' in error &&
    typeof Response !== 'undefined' &&
    error.response instanceof Response
  );
}

/** A time-out: ky's TimeoutError or the DOMException of AbortSignal.timeout(). */
export function isTimeout(error: unknown): boolean {
  return (
    (error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException)) &&
    error.name === 'TimeoutError'
  );
}

/**
 * fetch, given up after `timeoutMs` without an answer (as ky's `timeout`: the wait for the response, not
 * the reading of its body) with a DOMException named 'TimeoutError'; none when false. `init.signal` (the
 * caller's) is kept only without a time limit.
 */
export async function fetchInTime(
  run: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number | false,
): Promise<Response> {
  if (timeoutMs === false) return run(url, init);
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The request took too long', 'TimeoutError')),
    timeoutMs,
  );
  try {
    return await run(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/<path> as JSON, with the session's headers; an error status throws HttpError. */
export async function getJson<T>(
  path: string,
  options: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<T> {
  const response = await fetchInTime(
    fetch,
    `/api/${path}`,
    { headers: withSessionHeaders(new Headers(options.headers)) },
    options.timeoutMs ?? 30_000,
  );
  if (!response.ok) throw new HttpError(response);
  return (await response.json()) as T;
}
