import type { BenchRow, BenchSuite } from '../lib.js';
import { loadRows, runLoad } from '../support/load.js';
import { startBenchServer } from '../support/server.js';

const USERNAME = 'bench-user';
const PASSWORD = 'Quay-Crane-42';
/** Far above what the runs can reach, so the sign-in limit never turns a run into 429s. */
const NO_LIMIT = 1_000_000_000;

/**
 * Sign-in and the signed-in user's profile, next to the health check as the floor, on each engine.
 * Sign-ins run a few at a time (each a scrypt hash); one that would wait longer than LOGIN_MAX_WAIT_MS
 * is answered 503 + Retry-After at once, by design: those are counted apart, as the server saw them.
 */
const auth: BenchSuite = {
  name: 'auth',
  serverInProcess: true,
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
            busyAllowed: true,
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
        // Statuses as the server sent them, and its CPU time (the bench process hosts the server;
        // autocannon runs in its own), per route.
        const statuses = new Map<number, number>();
        bench.server.app.server.on('request', (_request, response) => {
          response.once('finish', () =>
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1),
          );
        });
        for (const route of routes) {
          ctx.log(`auth: ${route.name} on ${engine}`);
          statuses.clear();
          const cpu = process.cpuUsage();
          const result = await runLoad({
            url: `${bench.url}${route.path}`,
            method: route.method,
            headers: route.headers,
            body: route.body,
            connections: route.connections,
          });
          const used = process.cpuUsage(cpu);
          const served = [...statuses.values()].reduce((sum, count) => sum + count, 0);
          const busy = statuses.get(503) ?? 0;
          // Sign-ins still queued when the run ends would slow the next run: wait until one goes through.
          if (route.busyAllowed) await signedInAgain(bench.url);
          const measured = loadRows('auth', `${route.name} [${engine}]`, result, route.note);
          if (route.busyAllowed) {
            // 2xx, or 503 'come back' (Retry-After); never a time-out, an error or anything else.
            const ok = result.errors === 0 && result.timeouts === 0 && result.non2xx <= busy;
            for (const row of measured) Object.assign(row, { goal: 'only 2xx or 503 busy', ok });
            measured[0].note += `; ${busy} answered 503 busy by the server (incl. warm-up and drain)`;
            const signedIn = result.total - result.non2xx;
            measured.unshift({
              suite: 'auth',
              name: `${route.name} [${engine}]: sign-ins answered 200`,
              value: Math.round((signedIn / result.seconds) * 10) / 10,
              unit: 'per s',
              note: `${signedIn} in ${result.seconds} s; the load generator retries a 503 at once, ignoring Retry-After`,
            });
          }
          rows.push(...measured, {
            suite: 'auth',
            name: `${route.name} [${engine}]: server CPU per answer`,
            value: served ? Math.round(((used.user + used.system) / 1000 / served) * 100) / 100 : 0,
            unit: 'ms',
            note: `user + system time of the server over ${served} answers (warm-up and drain included)`,
          });
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

/** Waits (up to a minute) until a sign-in is answered 200: the queue of sign-ins has drained. */
async function signedInAgain(url: string) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const response = await fetch(`${url}/api/get-token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
    });
    if (response.status === 200) return;
  }
}

export default auth;
