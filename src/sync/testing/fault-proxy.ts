// A real HTTP proxy in front of the real server, for sync tests (and the browser soak tests, with the
// browser's whole traffic through it): it forwards requests, and on command answers 500 or 401, drops
// the connection before or after the server got the request, cuts a request's body or an answer halfway,
// or holds an answer back (for a while, or until the client goes away). Node only (tests).
//
// Kept over a library (issue 22's review): in-process mocks (nock, msw) replace the network, so the
// real client never meets the real server, and what a test would check is the mock. TCP fault
// proxies (toxiproxy, a Go server of its own that npm does not ship) cut bytes but cannot pick
// "the next push" by its HTTP route nor answer a status after the server applied the request; http
// forwarding libraries (http-proxy) forward well but have no faults. These 200 lines of node:http do
// exactly the faults a tablet on deck meets, at the point of a request's life each test names.
import {
  type ClientRequest,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export type FaultAction =
  /** Close the connection without forwarding: the server never sees the request. */
  | { kind: 'drop-before' }
  /** Forward, let the server answer, then close the connection: the answer is lost. */
  | { kind: 'drop-after' }
  /** Answer this status (with these headers: Retry-After); with `afterForward` the server applied the request first. */
  | { kind: 'status'; status: number; afterForward?: boolean; headers?: Record<string, string> }
  /** Forward, then hold the server's answer back this long. */
  | { kind: 'delay'; ms: number }
  /** Send the server half the request's body, then close both connections (an upload cut halfway). */
  | { kind: 'cut-request' }
  /** Forward, then send the client the status, headers and half the answer's body, and close. */
  | { kind: 'cut-response' }
  /**
   * Hold the request until the client goes away (a browser closed mid-request), then close the server's
   * side: 'none' forwards nothing, 'part' half the body, 'all' all of it (the server answers; lost).
   */
  | { kind: 'hold'; forward: 'none' | 'part' | 'all' }
  /** Forward as usual (for `choose`: a request it lets through). */
  | { kind: 'pass' };

interface FaultRule {
  method?: string;
  /** The request path starts with this ('/api/sync/push/'). */
  path?: string;
  action: FaultAction;
  /** How many matching requests it applies to (default 1); Infinity for all. */
  times?: number;
}

interface ProxiedRequest {
  method: string;
  path: string;
  body: string;
  /** What the client got: a status, 'dropped', or 'held' (a hold in place: for 'all', answered upstream). */
  outcome: number | 'dropped' | 'held';
}

export interface FaultProxy {
  url: string;
  /** Rules checked in order; each is used up after `times` matches. */
  rules: FaultRule[];
  /** Asked for each request no rule matched: the fault for it, or null to forward it. */
  choose: ((method: string, path: string) => FaultAction | null) | null;
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface Upstream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function upstreamRequest(target: URL, req: IncomingMessage): ClientRequest {
  return httpRequest({
    host: target.hostname,
    port: target.port,
    method: req.method,
    path: req.url,
    headers: { ...req.headers, host: target.host },
  });
}

function forward(target: URL, req: IncomingMessage, body: Buffer): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    const upstream = upstreamRequest(target, req);
    upstream.on('response', (response) => {
      readBody(response).then(
        (data) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: data }),
        reject,
      );
    });
    upstream.on('error', reject);
    upstream.end(body);
  });
}

/** Sends the server the first half of the body (headers still announce all of it); the caller cuts it. */
async function forwardHalf(target: URL, req: IncomingMessage, body: Buffer): Promise<ClientRequest> {
  const upstream = upstreamRequest(target, req);
  upstream.on('error', () => {});
  await new Promise<void>((resolve) =>
    upstream.write(body.subarray(0, Math.floor(body.length / 2)), () => resolve()),
  );
  // Let the server read what it got before the connection goes.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return upstream;
}

function clientGone(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.socket?.destroyed ?? true) resolve();
    else res.once('close', () => resolve());
  });
}

function upstreamHeaders(upstream: Upstream, length: number) {
  const headers = { ...upstream.headers };
  delete headers['transfer-encoding'];
  delete headers.connection;
  return { ...headers, 'content-length': String(length) };
}

function take(rules: FaultRule[], method: string, path: string): FaultAction | null {
  const index = rules.findIndex(
    (rule) => (!rule.method || rule.method === method) && (!rule.path || path.startsWith(rule.path)),
  );
  if (index < 0) return null;
  const rule = rules[index];
  const left = (rule.times ?? 1) - 1;
  if (left <= 0) rules.splice(index, 1);
  else rule.times = left;
  return rule.action;
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...headers, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const rules: FaultRule[] = [];
  const requests: ProxiedRequest[] = [];

  const server = createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const body = await readBody(req);
    const record = (outcome: ProxiedRequest['outcome']) =>
      requests.push({ method, path, body: body.toString('utf8'), outcome });
    const action = take(rules, method, path) ?? proxy.choose?.(method, path) ?? null;
    const drop = () => {
      record('dropped');
      req.socket.destroy();
    };
    try {
      if (action?.kind === 'drop-before') return drop();
      if (action?.kind === 'cut-request') {
        (await forwardHalf(target, req, body)).destroy();
        return drop();
      }
      if (action?.kind === 'hold') {
        let upstream: ClientRequest | null = null;
        if (action.forward === 'part') upstream = await forwardHalf(target, req, body);
        if (action.forward === 'all') await forward(target, req, body).catch(() => null);
        record('held');
        await clientGone(res);
        upstream?.destroy();
        return drop();
      }
      if (action?.kind === 'status' && !action.afterForward) {
        record(action.status);
        return answer(res, action.status, { detail: `Injected ${action.status}` }, action.headers);
      }
      const upstream = await forward(target, req, body);
      if (action?.kind === 'drop-after') return drop();
      if (action?.kind === 'status') {
        record(action.status);
        return answer(
          res,
          action.status,
          { detail: `Injected ${action.status} after the server answered` },
          action.headers,
        );
      }
      if (action?.kind === 'cut-response') {
        res.writeHead(upstream.status, upstreamHeaders(upstream, upstream.body.length));
        res.write(upstream.body.subarray(0, Math.floor(upstream.body.length / 2)));
        await new Promise((resolve) => setTimeout(resolve, 50));
        return drop();
      }
      if (action?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, action.ms));
      record(upstream.status);
      res.writeHead(upstream.status, upstreamHeaders(upstream, upstream.body.length));
      res.end(upstream.body);
    } catch {
      drop();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    rules,
    choose: null,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
