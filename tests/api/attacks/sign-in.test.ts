// Sign-in brute force is slowed by the rate limit (one user name, many names from one address, many
// guesses at once), and a token never reaches the server's log: a server in its own process logs
// at trace level to stdout while it is called with tokens every way a client might send them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/auth/tokens.js';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { type Api, apiClient, signIn } from '../http.js';
import { type LogProcess, startLogServer } from './log-process.js';

const PASSWORD = 'Quay-Crane-42';
const LIMITS = { maxFailuresPerUser: 5, maxFailuresPerAddress: 12, windowMinutes: 15 };

describe('sign-in brute force', () => {
  let server: TestServer;
  let api: Api;
  let address = 0;
  /** Each scenario signs in from its own address (the server trusts X-Forwarded-For here). */
  const from = () => {
    address++;
    return (username: string, password: string) =>
      api('POST', '/api/get-token/', {
        body: { username, password },
        headers: { 'x-forwarded-for': `203.0.113.${address}` },
      });
  };

  beforeAll(async () => {
    server = await startTestServer({ login: LIMITS, trustProxy: 1 });
    api = apiClient(server.url);
    for (const username of ['target', 'rush', 'bystander'])
      await server.createUser({ username, password: PASSWORD });
  });
  afterAll(() => server?.close());

  it('stops guesses at once fired together: at most the limit is checked, the rest are 429', async () => {
    const attempt = from();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => attempt('rush', `Guess-${i}-wrong`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(LIMITS.maxFailuresPerUser);
    expect((await attempt('rush', PASSWORD)).status).toBe(429);
  });

  it('blocks one address trying many user names, even with a right password, and says when to retry', async () => {
    const attempt = from();
    for (let i = 0; i < LIMITS.maxFailuresPerAddress; i++)
      expect((await attempt(`nobody${i}`, 'Guess-wrong-1')).status).toBe(400);
    const blocked = await attempt('bystander', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.stringify(blocked.body)).not.toMatch(/token"/);
    // Another address signs the same user in.
    expect((await from()('bystander', PASSWORD)).status).toBe(200);
  });

  it('does not count right passwords against an address (an office behind one address signs in all day)', async () => {
    const attempt = from();
    for (let i = 0; i <= LIMITS.maxFailuresPerAddress; i++)
      expect((await attempt('bystander', PASSWORD)).status).toBe(200);
    const left = await server.query('select count(*)::int as n from login_failure where key = $1', [
      `addr:203.0.113.${address}`,
    ]);
    expect(left[0].n).toBe(0);
  });

  it('keeps a blocked user name blocked from every address until the window passes', async () => {
    for (let i = 0; i < LIMITS.maxFailuresPerUser; i++)
      expect((await from()('target', `Guess-${i}-wrong`)).status).toBe(400);
    expect((await from()('target', PASSWORD)).status).toBe(429);
    await server.query("update login_failure set at = at - interval '16 minutes'");
    expect((await from()('target', PASSWORD)).status).toBe(200);
  });
});

describe('the log of a server run', () => {
  let logServer: LogProcess;

  beforeAll(async () => {
    logServer = await startLogServer();
  });
  afterAll(() => logServer?.stop());

  it('holds no token, token hash or password, whatever the requests carried', async () => {
    const api = apiClient(logServer.url);
    const secrets: string[] = [PASSWORD, 'Wrong-Guess-99', 'Berth-Seven-77'];
    expect(
      (await api('POST', '/api/get-token/', { body: { username: 'logged', password: 'Wrong-Guess-99' } }))
        .status,
    ).toBe(400);
    const token = await signIn(api, 'logged', PASSWORD);
    secrets.push(token, hashToken(token), [...token].reverse().join(''));
    expect((await api('GET', '/api/users/me/', { token })).status).toBe(200);
    expect((await api('GET', `/api/project/?token=${token}`)).status).toBe(401);
    expect((await api('GET', `/api/project/?search=${token}`, { token })).status).toBe(200);
    expect((await api('POST', '/api/project/', { token, body: { name: '' } })).status).toBe(400);
    expect((await api('GET', '/api/users/me/', { token: [...token].reverse().join('') })).status).toBe(401);
    expect(
      (await api('GET', '/api/users/me/', { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(401);
    const account = await api('POST', '/api/accounts/', { token, body: { trade_name: 'Logged customer' } });
    const made = await api<{ token: string }>('POST', `/api/accounts/${account.body.id}/tokens/`, {
      token,
      body: { name: 'ERP' },
    });
    expect(made.status).toBe(201);
    secrets.push(made.body.token, hashToken(made.body.token));
    expect((await api('GET', '/api/project/', { token: made.body.token })).status).toBe(200);
    expect((await api('GET', '/api/users/me/', { token: made.body.token })).status).toBe(403);
    const change = await api('POST', '/api/rest-auth/password/change/', {
      token,
      body: { old_password: PASSWORD, new_password1: 'Berth-Seven-77', new_password2: 'Berth-Seven-77' },
    });
    expect(change.status).toBe(200);
    expect((await api('POST', '/api/logout/', { token })).status).toBe(204);
    expect((await api('GET', '/api/users/me/', { token })).status).toBe(401);

    const log = await logServer.stop();
    // The run was logged: one line per request, at least.
    expect(log.match(/"msg":"request"/g)?.length ?? 0).toBeGreaterThanOrEqual(14);
    expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);
  });
});
