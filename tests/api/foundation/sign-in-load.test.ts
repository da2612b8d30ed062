// Many sign-ins at once: each costs a scrypt hash, a few run at a time, and one that would wait longer
// than LOGIN_MAX_WAIT_MS is answered 503 with Retry-After after a short pause (nothing recorded, no
// failure counted) instead of waiting until its client gives up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { type Api, apiClient, signIn } from '../http.js';

const PASSWORD = 'Quay-Crane-42';

describe('a burst of sign-ins', () => {
  let server: TestServer;
  let api: Api;

  beforeAll(async () => {
    // Any wait at all is too long here, so a burst surely has some turned away.
    server = await startTestServer({ signInMaxWaitMs: 1 });
    api = apiClient(server.url);
    await server.createUser({ username: 'shift', password: PASSWORD });
  });
  afterAll(() => server?.close());

  it('signs some in and tells the rest to come back, counting nothing against them', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        api<{ token?: string; detail?: string }>('POST', '/api/get-token/', {
          body: { username: 'shift', password: PASSWORD },
        }),
      ),
    );
    const signedIn = answers.filter((answer) => answer.status === 200);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(
      answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`).filter((s) => !/^(200|503) /.test(s)),
    ).toEqual([]);
    expect(signedIn.length).toBeGreaterThanOrEqual(1);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) {
      expect(answer.body).toEqual({
        detail: 'Many people are signing in right now; try again in a few seconds.',
      });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    for (const answer of signedIn) expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Neither the turned-away attempts nor the successful ones are left counted as failures.
    expect(await server.query('select key from login_failure')).toEqual([]);
    // Once the burst is over, a sign-in goes through.
    expect(await signIn(api, 'shift', PASSWORD)).toBeTruthy();
  });

  it('still refuses a wrong password with 400 when there is no queue', async () => {
    const wrong = await api('POST', '/api/get-token/', {
      body: { username: 'shift', password: 'Nope-Nope-1' },
    });
    expect(wrong.status).toBe(400);
  });
});
