// A real HTTP proxy in front of the real server, for sync tests: it forwards requests, and on command
// answers 500 or 401, drops the connection before or after the server got the request, or holds an
// answer back. Node only (tests).
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FaultAction =
  /** Close the connection without forwarding: the server never sees the request. */
  | { kind: 'drop-before' }
  /** Forward, let the server answer, then close the connection: the answer is lost. */
  | { kind: 'drop-after' }
  /** Answer this status; with `afterForward` the server applied the request first. */
  | { kind: 'status'; status: number; afterForward?: boolean }
  /** Forward, then hold the server's answer back this long. */
  | { kind: 'delay'; ms: number };

export interface FaultRule {
  method?: string;
  /** The request path starts with this ('/api/sync/push/'). */
  path?: string;
  action: FaultAction;
  /** How many matching requests it applies to (default 1); Infinity for all. */
  times?: number;
}

export interface ProxiedRequest {
  method: string;
  path: string;
  body: string;
  /** What the client got: a status, or 'dropped'. */
  outcome: number | 'dropped';
}

export interface FaultProxy {
  url: string;
  /** Rules checked in order; each is used up after `times` matches. */
  rules: FaultRule[];
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

function forward(target: URL, req: IncomingMessage, body: Buffer): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (response) => {
        readBody(response).then(
          (data) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: data }),
          reject,
        );
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
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

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
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
    const record = (outcome: number | 'dropped') =>
      requests.push({ method, path, body: body.toString('utf8'), outcome });
    const action = take(rules, method, path);
    const drop = () => {
      record('dropped');
      req.socket.destroy();
    };
    try {
      if (action?.kind === 'drop-before') return drop();
      if (action?.kind === 'status' && !action.afterForward) {
        record(action.status);
        return answer(res, action.status, { detail: `Injected ${action.status}` });
      }
      const upstream = await forward(target, req, body);
      if (action?.kind === 'drop-after') return drop();
      if (action?.kind === 'status') {
        record(action.status);
        return answer(res, action.status, { detail: `Injected ${action.status} after the server answered` });
      }
      if (action?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, action.ms));
      record(upstream.status);
      const headers = { ...upstream.headers };
      delete headers['transfer-encoding'];
      delete headers.connection;
      res.writeHead(upstream.status, { ...headers, 'content-length': String(upstream.body.length) });
      res.end(upstream.body);
    } catch {
      drop();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    rules,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
