// Real network conditions for a PostgreSQL host, to stand between the server and its database: a port
// nobody listens on, a host that accepts connections and never answers, and a path that stalls.
import { connect, createServer, type Server, type Socket } from 'node:net';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** A port on which nothing listens (it was free a moment ago): connections are refused. */
export async function refusedPort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface Stallable {
  port: number;
  /** Nothing passes any more in either direction; connections stay open (a hung host or network). */
  stall(): void;
  /** Traffic flows again, including what waited. */
  resume(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay to `target` (or, without one, a host that accepts and never answers). Stalled, it stops
 * reading from both sides, so each side's bytes wait in the kernel as on a frozen peer.
 */
export async function stallableRelay(target?: { host: string; port: number }): Promise<Stallable> {
  const sockets = new Set<Socket>();
  let stalled = !target;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (stalled) socket.pause();
  };
  const server = createServer((client) => {
    track(client);
    if (!target) return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    // By hand, not pipe(): pipe resumes a paused source on 'drain', which would end a stall.
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await listen(server);
  return {
    port,
    stall() {
      stalled = true;
      for (const socket of sockets) socket.pause();
    },
    resume() {
      stalled = false;
      for (const socket of sockets) socket.resume();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
