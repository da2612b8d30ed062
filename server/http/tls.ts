// HTTPS served by the server itself (TLS_CERT_FILE, TLS_KEY_FILE): HTTP/2 for browsers, HTTP/1.1 for
// clients without it (allowHTTP1), the certificate read again on SIGHUP (a renewal needs no restart);
// and, when HTTP_REDIRECT_PORT is set, a plain-HTTP port that only sends visitors to the HTTPS address.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Http2SecureServer, ServerHttp2Session } from 'node:http2';
import type { Socket } from 'node:net';
import { createSecureContext } from 'node:tls';
import Fastify, {
  type FastifyHttp2SecureOptions,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { ConfigError } from '../config.js';
import type { TlsFiles } from '../ops-config.js';

type NodeServer = Pick<Server, 'on'> & { closeAllConnections?: () => void };

/** The certificate and key, checked to belong together; a plain message naming the variable if not. */
export function readTls(files: TlsFiles): { cert: Buffer; key: Buffer } {
  const read = (name: string, path: string) => {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new ConfigError(`${name}: cannot read ${path} (${(error as Error).message})`);
    }
  };
  const pair = { cert: read('TLS_CERT_FILE', files.certFile), key: read('TLS_KEY_FILE', files.keyFile) };
  try {
    createSecureContext(pair);
  } catch (error) {
    throw new ConfigError(
      `TLS_CERT_FILE / TLS_KEY_FILE: not a PEM certificate and its private key (${(error as Error).message})`,
    );
  }
  return pair;
}

/** The Fastify instance over HTTPS with HTTP/2 (HTTP/1.1 for clients without it), or plain HTTP/1.1. */
export function createFastify(options: FastifyServerOptions, tls: TlsFiles | undefined): FastifyInstance {
  // 'idle' needs closeIdleConnections(), which an HTTP/2 server lacks; true closes its sessions gracefully.
  if (!tls) return Fastify({ ...options, forceCloseConnections: 'idle' });
  const https = { allowHTTP1: true, ...readTls(tls) };
  // Typed as the HTTP/1 instance the routes are written for: the HTTP/2 compatibility API they use
  // (request.raw, reply.raw) behaves the same.
  const secure: FastifyHttp2SecureOptions<Http2SecureServer> = {
    ...(options as unknown as FastifyServerOptions<Http2SecureServer>),
    http2: true,
    https,
    forceCloseConnections: true,
  };
  return Fastify(secure) as unknown as FastifyInstance;
}

/** Reads the certificate files again into the running server (on SIGHUP): new connections get them. */
export function reloadTls(server: unknown, files: TlsFiles) {
  (server as Http2SecureServer).setSecureContext(readTls(files));
}

/**
 * A plain-HTTP server that answers every request with a redirect to the same path over HTTPS, on
 * publicUrl's origin when set, else on the host the visitor asked for at the HTTPS port.
 */
function redirectServer(httpsPort: number, publicUrl?: string): Server {
  return createServer((request, response) => {
    const path = request.url?.startsWith('/') ? request.url : '/';
    let origin = publicUrl ? new URL(publicUrl).origin : undefined;
    if (!origin) {
      const host = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d+)?$/i.exec(request.headers.host ?? '')?.[1];
      if (host) origin = `https://${host}${httpsPort === 443 ? '' : `:${httpsPort}`}`;
    }
    if (!origin) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Use HTTPS.\n');
      return;
    }
    // 301 for reads (browsers), 308 for the rest, so a POST stays a POST.
    const code = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    response.writeHead(code, { location: `${origin}${path}`, 'content-length': '0' }).end();
  });
}

/** Starts the redirect port when HTTP_REDIRECT_PORT is set; resolves once it listens. */
export async function listenRedirect(
  config: { httpRedirectPort?: number; host: string; publicUrl?: string },
  httpsPort: number,
): Promise<Server | undefined> {
  if (config.httpRedirectPort === undefined) return undefined;
  const server = redirectServer(httpsPort, config.publicUrl);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.httpRedirectPort, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/**
 * The open connections, for a stop. goAway(): HTTP/2 sessions are told to take no new request (GOAWAY)
 * and close once their streams are answered (on Node 20 an HTTP/2 server's close() waits for idle
 * sessions, which Fastify does not close). cut(): whatever is still open when the grace period ends.
 */
export function openConnections(server: NodeServer) {
  const sessions = new Set<ServerHttp2Session>();
  const sockets = new Set<Socket>();
  const closeAll = server.closeAllConnections?.bind(server);
  let closing = false;
  server.on('session', (session: ServerHttp2Session) => {
    // A session set up while the stop began (its handshake was under way) is told at once.
    if (closing) return session.close();
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  if (!closeAll)
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
  return {
    goAway() {
      closing = true;
      for (const session of sessions) session.close();
    },
    cut() {
      closeAll?.();
      for (const socket of sockets) socket.destroy();
    },
  };
}
