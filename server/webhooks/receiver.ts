// A webhook receiver on loopback for the tests: answers each request as the script says (fail with a
// status, hang past the sender's timeout, or accept), and keeps what it received.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour = { status: number } | 'hang';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number | 'hang';
}

export async function startReceiver() {
  const received: Received[] = [];
  const script: Behaviour[] = [];
  const hanging = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const next = script.shift() ?? { status: 204 };
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answered: next === 'hang' ? 'hang' : next.status,
      });
      if (next === 'hang') {
        // Never answered; let go when the sender has given up (its socket closes) or at the end.
        const release = () => response.destroy();
        hanging.add(release);
        response.on('close', () => hanging.delete(release));
        return;
      }
      response.writeHead(next.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The answers to the next requests, in order (then 204). */
    answer(...behaviours: Behaviour[]) {
      script.push(...behaviours);
    },
    async close() {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Waits (polling) until `check` holds, or fails naming `what`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
