// The server as its own process for the soak tests and the devices bench: the real startServer with the
// configuration from the environment (as server/start.ts), plus what a test needs from outside: users
// made at start (KT_SOAK_USERS, JSON [{username, password, role}]), SQL over the IPC channel, and how long
// the server itself took over each sync request.
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { loadConfig } from '../../../server/config.js';
import { startServer } from '../../../server/server.js';
import { usersService } from '../../../server/users/users.service.js';
import { watchLoop } from './loop-hold.js';

interface SoakUser {
  username: string;
  password: string;
  role: 'admin' | 'staff';
}

type Request =
  | { type: 'query'; id: number; text: string; params: unknown[] }
  | { type: 'loop'; id: number }
  | { type: 'requests'; id: number };

/**
 * Milliseconds from Node parsing a sync request's head to the last byte of its answer handed to the
 * socket, by kind: the server's share of what a device measures (the rest is the device's own event loop,
 * the connection's queue and the network). Read and reset over IPC. Beside them (`handled`), the server's
 * own part: from the request's body received (a pull has none: its head) to its answer ended (before
 * the socket takes it): what neither the device's sending of the body nor its reading of the answer holds.
 */
function timeSyncRequests(): () => SyncTimes {
  const started = new WeakMap<IncomingMessage, number>();
  const received = new WeakMap<IncomingMessage, number>();
  const ended = new WeakMap<IncomingMessage, number>();
  const empty = (): SyncTimes => ({ push: [], pull: [], handled: { push: [], pull: [] } });
  let times = empty();
  const kindOf = (request: IncomingMessage) =>
    request.url?.startsWith('/api/sync/push/')
      ? 'push'
      : request.url?.startsWith('/api/sync/pull/')
        ? 'pull'
        : null;
  subscribe('http.server.request.start', (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    const now = performance.now();
    started.set(request, now);
    const kind = kindOf(request);
    if (!kind) return;
    if (kind === 'pull') received.set(request, now);
    else request.once('end', () => received.set(request, performance.now()));
    response.once('prefinish', () => ended.set(request, performance.now()));
  });
  subscribe('http.server.response.finish', (message) => {
    const { request } = message as { request: IncomingMessage };
    const start = started.get(request);
    const kind = kindOf(request);
    if (start === undefined || !kind) return;
    times[kind].push(performance.now() - start);
    const from = received.get(request);
    const to = ended.get(request);
    if (from !== undefined && to !== undefined) times.handled[kind].push(to - from);
  });
  return () => {
    const read = times;
    times = empty();
    return read;
  };
}

interface SyncTimes {
  push: number[];
  pull: number[];
  handled: { push: number[]; pull: number[] };
}

async function main() {
  // How long the event loop was held (benches, never-stalls.test.ts): read and reset over IPC, watched from
  // the first read on (its 5 ms timer reads /proc: CPU a bench of the server alone must not count).
  let loop: ReturnType<typeof watchLoop> | undefined;
  const requestTimes = timeSyncRequests();
  const server = await startServer(loadConfig());
  const users = JSON.parse(process.env.KT_SOAK_USERS ?? '[]') as SoakUser[];
  for (const user of users) {
    const found = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', user.username)
      .executeTakeFirst();
    if (!found) await usersService(server.database).create(user);
  }
  process.on('message', (message: Request) => {
    if (message.type === 'loop') {
      loop ??= watchLoop();
      process.send?.({ type: 'rows', id: message.id, rows: [loop.read()] });
      return;
    }
    if (message.type === 'requests') {
      process.send?.({ type: 'rows', id: message.id, rows: [requestTimes()] });
      return;
    }
    if (message.type !== 'query') return;
    const compiled = sql.raw<Record<string, unknown>>(message.text).compile(server.database.db);
    server.database.db
      .executeQuery<Record<string, unknown>>({ ...compiled, parameters: message.params })
      .then(
        (result) => process.send?.({ type: 'rows', id: message.id, rows: result.rows }),
        (error: unknown) => process.send?.({ type: 'error', id: message.id, message: String(error) }),
      );
  });
  process.on('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
  process.send?.({ type: 'ready', url: server.url });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
