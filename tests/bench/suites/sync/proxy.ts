// A delaying HTTP proxy: every request waits `delayMs` before it is forwarded, as on a slow mobile link.
import { createServer, request, type Server } from 'node:http';

export interface DelayProxy {
  url: string;
  requests(): number;
  close(): Promise<void>;
}

export async function startDelayProxy(target: string, delayMs: number): Promise<DelayProxy> {
  const to = new URL(target);
  let count = 0;
  const server: Server = createServer((incoming, outgoing) => {
    count += 1;
    incoming.pause();
    setTimeout(() => {
      const forward = request(
        {
          host: to.hostname,
          port: to.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: to.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on('error', () => {
        if (!outgoing.headersSent) outgoing.writeHead(502);
        outgoing.end();
      });
      incoming.pipe(forward);
      incoming.resume();
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => count,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
