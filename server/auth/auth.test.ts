import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiClient, signIn } from '../../tests/api/http.js';
import { startTestServer, type TestServer } from '../testing.js';
import { hashToken } from './tokens.js';

let server: TestServer;
let api: Api;
const PASSWORD = 'Quay-Crane-42';

beforeAll(async () => {
  server = await startTestServer({
    login: { maxFailuresPerUser: 5, maxFailuresPerAddress: 1000, windowMinutes: 15 },
  });
  api = apiClient(server.url);
  await server.createUser({ username: 'marta', password: PASSWORD, first_name: 'Marta', last_name: 'Ruiz' });
  await server.createUser({ username: 'boss', password: PASSWORD, role: 'admin' });
});
afterAll(() => server?.close());

describe('POST /api/get-token/', () => {
  it('answers a token of at least 256 bits for the right credentials, and stores only its hash', async () => {
    const response = await api<{ token: string }>('POST', '/api/get-token/', {
      body: { username: 'marta', password: PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(response.body.token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const stored = await server.query('select token_hash from auth_token');
    expect(stored.map((row) => row.token_hash)).not.toContain(response.body.token);
  });

  it('accepts the user name in another case', async () => {
    const response = await api('POST', '/api/get-token/', {
      body: { username: 'MARTA', password: PASSWORD },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same words', async () => {
    const wrong = await api('POST', '/api/get-token/', {
      body: { username: 'boss', password: 'nope-nope-1' },
    });
    const unknown = await api('POST', '/api/get-token/', { body: { username: 'ghost', password: PASSWORD } });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('names each missing field', async () => {
    const response = await api('POST', '/api/get-token/', { body: {} });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
    const blank = await api('POST', '/api/get-token/', { body: { username: '', password: 3 } });
    expect(blank.body).toEqual({
      username: ['This field may not be blank.'],
      password: ['Not a valid string.'],
    });
  });

  it('rate-limits failed attempts per user name, even with the right password afterwards', async () => {
    await server.createUser({ username: 'target', password: PASSWORD });
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await api('POST', '/api/get-token/', {
        body: { username: 'target', password: 'guess-123x' },
      });
      expect(response.status).toBe(400);
    }
    const blocked = await api<{ detail: string }>('POST', '/api/get-token/', {
      body: { username: 'target', password: PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many failed sign-in attempts/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other users are not affected.
    expect(
      (await api('POST', '/api/get-token/', { body: { username: 'boss', password: PASSWORD } })).status,
    ).toBe(200);
  });

  // On PostgreSQL an attempt's transaction can start (its now()) before another's, then wait for the
  // count's lock while that one records and commits: the other's row is then "later than now". A burst of
  // right sign-ins from one address was once answered 429 'Try again in 1 second(s)' with no failure made.
  it('lets a sign-in through when an attempt under the free ones was recorded a moment "after" it began', async () => {
    await server.createUser({ username: 'burst', password: PASSWORD });
    await server.query(
      `insert into login_failure (key, at) values ('pair:127.0.0.1 burst', now() + interval '300 milliseconds')`,
    );
    const answer = await api('POST', '/api/get-token/', { body: { username: 'burst', password: PASSWORD } });
    expect(answer.status).toBe(200);
  });

  // The same row "ahead" past the free failures: the wait owed (1 s after the last) is counted from the
  // moment of counting, not lengthened by how far ahead the row is (it was: Retry-After 6).
  it('asks no longer wait than owed when the last failure was recorded a moment "after" the count', async () => {
    await server.createUser({ username: 'ahead', password: PASSWORD });
    await server.query(
      `insert into login_failure (key, at) select 'pair:127.0.0.1 ahead', now() - interval '1 second' from generate_series(1, 4)`,
    );
    await server.query(
      `insert into login_failure (key, at) values ('pair:127.0.0.1 ahead', now() + interval '5 seconds')`,
    );
    const answer = await api('POST', '/api/get-token/', { body: { username: 'ahead', password: PASSWORD } });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('1');
  });
});

describe('tokens', () => {
  it('opens /api/users/me/ with the token and refuses without one', async () => {
    const token = await signIn(api, 'marta', PASSWORD);
    const me = await api('GET', '/api/users/me/', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      username: 'marta',
      first_name: 'Marta',
      last_name: 'Ruiz',
      role: 'staff',
    });
    expect(me.body).not.toHaveProperty('password_hash');
    const anonymous = await api('GET', '/api/users/me/');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('refuses garbage Authorization headers with 401', async () => {
    for (const header of [
      'Token',
      'Token ',
      'Bearer abc',
      'Token <script>',
      `Token ${'x'.repeat(64)}`,
      'Basic Zm9vOmJhcg==',
    ]) {
      const response = await api('GET', '/api/users/me/', { headers: { authorization: header } });
      expect(response.status, header).toBe(401);
      expect(response.body).toHaveProperty('detail');
    }
  });

  it('expires a token unused for 30 days', async () => {
    // Not used after sign-in: a token just used is trusted for a few seconds without a database read,
    // and this test moves its clock behind the server's back.
    const token = await signIn(api, 'marta', PASSWORD);
    await server.query("update auth_token set last_used_at = now() - interval '31 days'");
    const response = await api('GET', '/api/users/me/', { token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Invalid token.' });
  });

  it('slides: a use restarts the 30 days, so a token used now and then lives on', async () => {
    const token = await signIn(api, 'marta', PASSWORD);
    const hash = hashToken(token);
    const idleSeconds = async () =>
      (
        await server.query(
          'select extract(epoch from now() - last_used_at)::int as idle from auth_token where token_hash = $1',
          [hash],
        )
      )[0]?.idle;
    // 29 days without use, then a use: recorded.
    await server.query(
      "update auth_token set last_used_at = now() - interval '29 days' where token_hash = $1",
      [hash],
    );
    expect((await api('GET', '/api/users/me/', { token })).status).toBe(200);
    expect(await idleSeconds()).toBeLessThan(60);
    // Signed in 49 days ago, last used 20 days ago: valid (the 30 days count from the last use). The server trusts a token it has just
    // verified for 5 s without reading it again; the wait makes it read the moved clock.
    await server.query(
      "update auth_token set created_at = now() - interval '49 days', last_used_at = now() - interval '20 days' where token_hash = $1",
      [hash],
    );
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    expect((await api('GET', '/api/users/me/', { token })).status).toBe(200);
    expect(await idleSeconds()).toBeLessThan(60);
  });

  // A refused use is no use: the token of a user made inactive does not slide on while it is tried (it
  // did, so it stood again when the user came back however long it had been refused meanwhile).
  it("does not slide the token of an inactive user's", async () => {
    const userId = await server.createUser({ username: 'away', password: PASSWORD });
    const token = await signIn(api, 'away', PASSWORD);
    await server.query(
      "update auth_token set last_used_at = now() - interval '2 days' where token_hash = $1",
      [hashToken(token)],
    );
    await server.query('update users set is_active = false where id = $1', [userId]);
    expect((await api('GET', '/api/users/me/', { token })).status).toBe(401);
    const [row] = await server.query(
      "select last_used_at < now() - interval '1 day' as idle from auth_token where token_hash = $1",
      [hashToken(token)],
    );
    expect(row?.idle).toBe(true);
  });

  it('stores passwords as scrypt hashes only', async () => {
    const [row] = await server.query("select password_hash from users where username = 'marta'");
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(String(row.password_hash)).not.toContain(PASSWORD);
  });

  it('revokes the token in use on logout; another token of the user stays valid', async () => {
    const token = await signIn(api, 'marta', PASSWORD);
    const other = await signIn(api, 'marta', PASSWORD);
    expect((await api('POST', '/api/logout/', { token })).status).toBe(204);
    expect((await api('GET', '/api/users/me/', { token })).status).toBe(401);
    expect((await api('POST', '/api/logout/', { token })).status).toBe(401);
    expect((await api('GET', '/api/users/me/', { token: other })).status).toBe(200);
  });
});

describe("a customer's API token", () => {
  it('stops working at once when an admin revokes it, even just after use', async () => {
    const admin = await signIn(api, 'boss', PASSWORD);
    const account = await api<{ id: string }>('POST', '/api/accounts/', {
      token: admin,
      body: { trade_name: 'Revoked Steel SL' },
    });
    expect(account.status).toBe(201);
    const made = await api<{ id: string; token: string }>(
      'POST',
      `/api/accounts/${account.body.id}/tokens/`,
      {
        token: admin,
        body: { name: 'ERP' },
      },
    );
    expect(made.status).toBe(201);
    expect((await api('GET', '/api/project/', { token: made.body.token })).status).toBe(200);
    const revoked = await api('DELETE', `/api/accounts/${account.body.id}/tokens/${made.body.id}/`, {
      token: admin,
    });
    expect(revoked.status).toBe(204);
    expect((await api('GET', '/api/project/', { token: made.body.token })).status).toBe(401);
  });
});

describe('POST /api/rest-auth/password/change/', () => {
  it('names the wrong old password, the mismatch and the weak password', async () => {
    const token = await signIn(api, 'boss', PASSWORD);
    const wrongOld = await api('POST', '/api/rest-auth/password/change/', {
      token,
      body: { old_password: 'not-it-123', new_password1: 'Berth-Seven-77', new_password2: 'Berth-Seven-77' },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toHaveProperty('old_password');
    const mismatch = await api('POST', '/api/rest-auth/password/change/', {
      token,
      body: { old_password: PASSWORD, new_password1: 'Berth-Seven-77', new_password2: 'Berth-Seven-78' },
    });
    expect(mismatch.body).toEqual({ new_password2: ['The two password fields didn’t match.'] });
    const weak = await api<Record<string, string[]>>('POST', '/api/rest-auth/password/change/', {
      token,
      body: { old_password: PASSWORD, new_password1: '1234567', new_password2: '1234567' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.new_password2).toEqual(
      expect.arrayContaining([
        'This password is too short. It must contain at least 8 characters.',
        'This password is entirely numeric.',
      ]),
    );
    const missing = await api('POST', '/api/rest-auth/password/change/', {
      token,
      body: { old_password: PASSWORD },
    });
    expect(Object.keys(missing.body as object).sort()).toEqual(['new_password1', 'new_password2']);
  });

  it('changes the password, keeps this token and revokes the others', async () => {
    await server.createUser({ username: 'pilar', password: PASSWORD });
    const token = await signIn(api, 'pilar', PASSWORD);
    const other = await signIn(api, 'pilar', PASSWORD);
    // Used just before: the revocation must still act at once (no trust in a recently verified token).
    expect((await api('GET', '/api/users/me/', { token: other })).status).toBe(200);
    const response = await api('POST', '/api/rest-auth/password/change/', {
      token,
      body: { old_password: PASSWORD, new_password1: 'Berth-Seven-77', new_password2: 'Berth-Seven-77' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ detail: 'New password has been saved.' });
    expect((await api('GET', '/api/users/me/', { token })).status).toBe(200);
    expect((await api('GET', '/api/users/me/', { token: other })).status).toBe(401);
    expect(
      (await api('POST', '/api/get-token/', { body: { username: 'pilar', password: PASSWORD } })).status,
    ).toBe(400);
    expect(
      (await api('POST', '/api/get-token/', { body: { username: 'pilar', password: 'Berth-Seven-77' } }))
        .status,
    ).toBe(200);
  });
});
