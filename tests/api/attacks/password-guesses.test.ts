// The other ways to guess a password: the password-change form's old password (slowed like sign-ins,
// per token, so a stolen token cannot slow its owner), a common password chosen as a new one (the
// 10,000 most common and more, from a maintained list), and the limits held by the database, which
// several server processes share.
import { dictionary } from '@zxcvbn-ts/language-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordProblems } from '../../../server/auth/passwords.js';
import { startServer } from '../../../server/server.js';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { type Api, apiClient, signIn } from '../http.js';

const PASSWORD = 'Quay-Crane-42';
const LIMITS = { maxFailuresPerUser: 3, maxFailuresPerAddress: 50, windowMinutes: 15 };
const TOO_COMMON = 'This password is too common.';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer({ login: LIMITS });
  api = apiClient(server.url);
  await server.createUser({ username: 'marta', password: PASSWORD });
});
afterAll(() => server?.close());

const change = (token: string, oldPassword: string, next = 'Berth-Seven-77') =>
  api<Record<string, unknown>>('POST', '/api/rest-auth/password/change/', {
    token,
    body: { old_password: oldPassword, new_password1: next, new_password2: next },
  });

describe('guesses of the old password on the password-change form', () => {
  it('are slowed like sign-ins, for that token only', async () => {
    const stolen = await signIn(api, 'marta', PASSWORD);
    const own = await signIn(api, 'marta', PASSWORD);
    for (let i = 0; i < LIMITS.maxFailuresPerUser; i++)
      expect((await change(stolen, `Old-guess-${i}`)).status).toBe(400);
    // As a sign-in takes ~1 s on a loaded machine, the last failure is made "now" by hand.
    await server.query(
      "insert into login_failure (key) select key from login_failure where key like 'change:%' limit 1",
    );
    const slowed = await change(stolen, PASSWORD);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(slowed.body.detail).toMatch(/^Too many wrong old passwords\. Try again in \d+ second\(s\)\.$/);
    // The owner's other token is not slowed, and the right old password changes the password.
    expect((await change(own, PASSWORD)).status).toBe(200);
  });
});

describe('common passwords', () => {
  const common = dictionary['passwords-common'];
  const samples = [1_000, 3_000, 6_000, 9_999].map((rank) =>
    common.slice(rank).find((word) => word.length >= 8 && !/^\d+$/.test(word)),
  );

  it('every one of the 10,000 most common passwords (of 8 characters or more) is refused', () => {
    const top = common.slice(0, 10_000).filter((word) => word.length >= 8);
    expect(top.length).toBeGreaterThan(2_000);
    const taken = top.filter((word) => !passwordProblems(word).map(String).includes(TOO_COMMON));
    expect(taken).toEqual([]);
    // In any case, as Django compares them; and a Spanish one the list lacks.
    expect(passwordProblems('PASSWORD1').map(String)).toContain(TOO_COMMON);
    expect(passwordProblems('contraseña').map(String)).toContain(TOO_COMMON);
    expect(passwordProblems('Berth-Seven-77')).toEqual([]);
  });

  it('refuses them as a new password over HTTP', async () => {
    await server.createUser({ username: 'luis', password: PASSWORD });
    const token = await signIn(api, 'luis', PASSWORD);
    for (const word of samples) {
      const answer = await change(token, PASSWORD, word);
      expect(answer.status, word).toBe(400);
      expect(answer.body, word).toEqual({ new_password2: [TOO_COMMON] });
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('several server processes on one database', () => {
  it('share the limits: failures counted by one slow the same address on the other', async () => {
    const shared = await startTestServer({ login: LIMITS, trustProxy: 1 });
    const other = await startServer({ ...shared.config, port: 0 });
    try {
      await shared.createUser({ username: 'tally', password: PASSWORD });
      const guess = (url: string) =>
        apiClient(url)('POST', '/api/get-token/', {
          body: { username: 'tally', password: 'Wrong-guess-1' },
          headers: { 'x-forwarded-for': '198.51.100.7' },
        });
      for (let i = 0; i < LIMITS.maxFailuresPerUser; i++) expect((await guess(shared.url)).status).toBe(400);
      await shared.query("insert into login_failure (key) values ('pair:198.51.100.7 tally')");
      expect((await guess(other.url)).status).toBe(429);
    } finally {
      await other.close();
      await shared.close();
    }
  });
});
