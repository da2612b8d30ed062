// Sign-in brute force is slowed where it comes from: per user name AND address, with a growing wait
// past the free failures, and per address for many names; never a lock-out of the user that anyone can
// cause (eleven anonymous guesses used to lock the admin out for 15 minutes). And a token never reaches
// the server's log: a server in its own process logs at trace level to stdout while it is called with
// tokens every way a client might send them.
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
  /** Each scenario signs in from its own address (the server is behind one trusted proxy here). */
  const from = (at = `203.0.113.${++address}`) =>
    Object.assign(
      (username: string, password: string) =>
        api<{ detail?: string }>('POST', '/api/get-token/', {
          body: { username, password },
          headers: { 'x-forwarded-for': at },
        }),
      { address: at },
    );
  const retryAfter = (answer: { headers: Headers }) => Number(answer.headers.get('retry-after'));
  const pairKey = (at: string, username: string) => `pair:${at} ${username}`;
  /** Failures of a pair made just now, written as the server writes them (a sign-in takes ~1 s here). */
  const failed = (at: string, username: string, count: number) =>
    server.query('insert into login_failure (key) select $1 from generate_series(1, $2)', [
      pairKey(at, username),
      count,
    ]);
  /** Moves a pair's failures back in time, as if its client had waited. */
  const waited = (at: string, username: string, seconds: number) =>
    server.query('update login_failure set at = at - make_interval(secs => $1) where key = $2', [
      seconds,
      pairKey(at, username),
    ]);

  beforeAll(async () => {
    server = await startTestServer({ login: LIMITS, trustProxy: 1 });
    api = apiClient(server.url);
    for (const username of ['target', 'rush', 'bystander', 'admin', 'patient'])
      await server.createUser({ username, password: PASSWORD });
  });
  afterAll(() => server?.close());

  it('eleven wrong sign-ins from one address do not lock the user out: another address signs in at once', async () => {
    const attacker = from();
    for (let i = 0; i < 11; i++)
      expect([400, 429]).toContain((await attacker('admin', `Guess-${i}-wrong`)).status);
    expect((await from()('admin', PASSWORD)).status).toBe(200);
    // The attacker's own address is slowed: right after its last failure it has to wait.
    await failed(attacker.address, 'admin', 1);
    expect((await attacker('admin', PASSWORD)).status).toBe(429);
  });

  it('checks guesses fired together no faster than the growing wait allows', async () => {
    const attempt = from();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => attempt('rush', `Guess-${i}-wrong`)),
    );
    const seconds = (Date.now() - started) / 1000;
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    // Past the free ones, the k-th more needs 1 + 2 + ... + 2^(k-1) = 2^k - 1 seconds.
    const most = LIMITS.maxFailuresPerUser + Math.floor(Math.log2(seconds + 1));
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(most);
    await failed(attempt.address, 'rush', 1);
    expect((await attempt('rush', PASSWORD)).status).toBe(429);
  });

  it('makes each further attempt wait twice as long, at most the window, and a right password then signs in', async () => {
    const attempt = from();
    for (let i = 0; i < LIMITS.maxFailuresPerUser; i++)
      expect((await attempt('patient', `Guess-${i}-wrong`)).status).toBe(400);
    // Past the free failures: 1 s, 2 s, 4 s... after the last one; six more make it 64 s.
    await failed(attempt.address, 'patient', 6);
    const waits: number[] = [];
    for (let more = 0; more < 3; more++) {
      const early = await attempt('patient', PASSWORD);
      expect(early.status).toBe(429);
      waits.push(retryAfter(early));
      if (more === 0)
        expect(early.body.detail).toMatch(
          /^Too many failed sign-in attempts\. Try again in [12] minute\(s\)\.$/,
        );
      await failed(attempt.address, 'patient', 1);
    }
    // Each within a second of 64, 128, 256 (the request itself takes time).
    expect(waits.map((wait, i) => 2 ** (6 + i) - wait).every((late) => late >= 0 && late <= 1)).toBe(true);
    // Having waited (now 512 s), the right password signs in, and the pair's failures are forgotten.
    await waited(attempt.address, 'patient', 513);
    expect((await attempt('patient', PASSWORD)).status).toBe(200);
    expect((await attempt('patient', 'Guess-again-wrong')).status).toBe(400);
    // However many failures, the wait is at most the window.
    await failed(attempt.address, 'patient', 40);
    expect(retryAfter(await attempt('patient', PASSWORD))).toBe(LIMITS.windowMinutes * 60);
  });

  it('says a short wait in seconds', async () => {
    const attempt = from();
    await failed(attempt.address, 'patient', LIMITS.maxFailuresPerUser + 4);
    const early = await attempt('patient', PASSWORD);
    expect(early.status).toBe(429);
    expect(early.body.detail).toMatch(
      /^Too many failed sign-in attempts\. Try again in 1[56] second\(s\)\.$/,
    );
  });

  it('blocks one address trying many user names, even with a right password, and says when to retry', async () => {
    const attempt = from();
    for (let i = 0; i < LIMITS.maxFailuresPerAddress; i++)
      expect((await attempt(`nobody${i}`, 'Guess-wrong-1')).status).toBe(400);
    const blocked = await attempt('bystander', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(retryAfter(blocked)).toBeGreaterThan(0);
    expect(JSON.stringify(blocked.body)).not.toMatch(/token"/);
    // Another address signs the same user in.
    expect((await from()('bystander', PASSWORD)).status).toBe(200);
  });

  it('does not count right passwords against an address (an office behind one address signs in all day)', async () => {
    const attempt = from();
    for (let i = 0; i <= LIMITS.maxFailuresPerAddress; i++)
      expect((await attempt('bystander', PASSWORD)).status).toBe(200);
    const left = await server.query('select count(*)::int as n from login_failure where key = $1', [
      `addr:${attempt.address}`,
    ]);
    expect(left[0].n).toBe(0);
  });

  it('forgets failures older than the window', async () => {
    const attempt = from();
    for (let i = 0; i < LIMITS.maxFailuresPerUser; i++)
      expect((await attempt('target', `Guess-${i}-wrong`)).status).toBe(400);
    // Three more failures, written as made just now: the wait they start (8 s) outlasts a sign-in even
    // on a loaded machine (the fifth guess's own 1 s wait passed before the next try there).
    await failed(attempt.address, 'target', 3);
    expect((await attempt('target', PASSWORD)).status).toBe(429);
    await server.query("update login_failure set at = at - interval '16 minutes'");
    expect((await attempt('target', PASSWORD)).status).toBe(200);
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
