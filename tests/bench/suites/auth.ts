import type { BenchRow, BenchSuite } from '../lib.js';
import { loadRows, runLoad } from '../support/load.js';
import { startBenchServer } from '../support/server.js';

const USERNAME = 'bench-user';
const PASSWORD = 'Quay-Crane-42';
/** Far above what the runs can reach, so the sign-in limit never turns a run into 429s. */
const NO_LIMIT = 1_000_000_000;

/** Sign-in and the signed-in user's profile, next to the health check as the floor, on each engine. */
const auth: BenchSuite = {
  name: 'auth',
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const engine of ctx.engines) {
      ctx.log(`auth: starting the server on ${engine}`);
      const bench = await startBenchServer(engine, ctx, {
        login: { maxFailuresPerUser: NO_LIMIT, maxFailuresPerAddress: NO_LIMIT, windowMinutes: 1 },
      });
      try {
        await bench.createUser({ username: USERNAME, password: PASSWORD });
        const signIn = await fetch(`${bench.url}/api/get-token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
        });
        if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
        const { token } = (await signIn.json()) as { token: string };

        const routes = [
          { name: 'GET /api/health/ (floor)', path: '/api/health/' },
          {
            name: 'POST /api/get-token/',
            path: '/api/get-token/',
            method: 'POST' as const,
            body: { username: USERNAME, password: PASSWORD },
            note: 'each a scrypt hash (N=2^15) and a token insert',
          },
          {
            // The cost of one sign-in, without 49 others queued for the same two cores.
            name: 'POST /api/get-token/, 1 connection',
            path: '/api/get-token/',
            method: 'POST' as const,
            body: { username: USERNAME, password: PASSWORD },
            connections: 1,
          },
          {
            name: 'GET /api/users/me/',
            path: '/api/users/me/',
            headers: { authorization: `Token ${token}` },
            note: 'token lookup and one user row',
          },
        ];
        for (const route of routes) {
          ctx.log(`auth: ${route.name} on ${engine}`);
          const result = await runLoad({
            url: `${bench.url}${route.path}`,
            method: route.method,
            headers: route.headers,
            body: route.body,
            connections: route.connections,
          });
          rows.push(...loadRows('auth', `${route.name} [${engine}]`, result, route.note));
        }
        rows.push({
          suite: 'auth',
          name: `server memory after the runs [${engine}]`,
          value: Math.round(process.memoryUsage().rss / 1024 / 1024),
          unit: 'MB RSS',
          note: 'the bench process, which hosts the server (autocannon runs apart); an earlier engine may linger',
        });
      } finally {
        await bench.close();
      }
    }
    return rows;
  },
};

export default auth;
