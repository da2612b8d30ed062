// Behind a reverse proxy (TRUST_PROXY): the client address is the right-most X-Forwarded-For entry
// that no trusted proxy wrote, so a client cannot pick its address by writing the header itself
// (rotating it used to escape the per-address sign-in limit); and X-Forwarded-Host, which any
// client can send, does not steer the next/previous links of a list (PUBLIC_URL names the address).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { type Api, apiClient } from '../http.js';

const PASSWORD = 'Quay-Crane-42';
const LIMITS = { maxFailuresPerUser: 1000, maxFailuresPerAddress: 3, windowMinutes: 15 };
/** The server's settings as the environment gives them. */
const fromEnv = (env: Record<string, string>) => {
  const { trustProxy, publicUrl } = loadConfig(env);
  return { trustProxy, publicUrl };
};

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function serverWith(env: Record<string, string>): Promise<{ server: TestServer; api: Api }> {
  const server = await startTestServer({ login: LIMITS, ...fromEnv(env) });
  servers.push(server);
  await server.createUser({ username: 'dock', password: PASSWORD });
  return { server, api: apiClient(server.url) };
}

const guess = (api: Api, forwardedFor: string) =>
  api('POST', '/api/get-token/', {
    body: { username: 'dock', password: 'Wrong-Guess-1' },
    headers: { 'x-forwarded-for': forwardedFor },
  });

const tokenOf = (api: Api) =>
  api<{ token: string }>('POST', '/api/get-token/', {
    body: { username: 'dock', password: PASSWORD },
    headers: { 'x-forwarded-for': '203.0.113.50' },
  }).then((answer) => answer.body.token);
const spoof = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
/** The next link of a list of one country a page (the reference lists are seeded). */
async function nextLink(api: Api) {
  const page = await api<{ next: string | null }>('GET', '/api/country/?page_size=1', {
    token: await tokenOf(api),
    headers: spoof,
  });
  expect(page.status).toBe(200);
  return page.body.next ?? '';
}
const addresses = async (server: TestServer) =>
  (await server.query("select distinct key from login_failure where key like 'addr:%' order by key")).map(
    (row) => row.key,
  );

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let api: Api;
  let server: TestServer;
  beforeAll(async () => {
    ({ api, server } = await serverWith({ TRUST_PROXY: '1' }));
  });

  it('takes the address the proxy appended, not the ones the client wrote: rotating them does not escape the limit', async () => {
    for (let i = 1; i <= LIMITS.maxFailuresPerAddress; i++)
      expect((await guess(api, `198.51.100.${i}, 203.0.113.7`)).status).toBe(400);
    const blocked = await guess(api, '198.51.100.99, 203.0.113.7');
    expect(blocked.status).toBe(429);
    expect(await addresses(server)).toEqual(['addr:203.0.113.7']);
    // Another client behind the same proxy is not blocked.
    expect((await guess(api, '203.0.113.8')).status).toBe(400);
  });

  it('does not let X-Forwarded-Host steer the links of a list', async () => {
    const next = await nextLink(api);
    expect(next).not.toContain('evil.example');
    expect(new URL(next).host).toBe(new URL(server.url).host);
    // X-Forwarded-Proto of the trusted proxy does say https.
    expect(new URL(next).protocol).toBe('https:');
  });
});

describe('TRUST_PROXY as a list of proxy addresses, and PUBLIC_URL', () => {
  let api: Api;
  let server: TestServer;
  beforeAll(async () => {
    ({ api, server } = await serverWith({
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
      PUBLIC_URL: 'https://port.example.com/kt/',
    }));
  });

  it('takes the right-most entry not in the list', async () => {
    // client-written, the client, then an inner proxy of the list
    expect((await guess(api, '198.51.100.1, 203.0.113.20, 10.1.2.3')).status).toBe(400);
    expect(await addresses(server)).toEqual(['addr:203.0.113.20']);
  });

  it('makes the links of a list on PUBLIC_URL', async () => {
    expect(await nextLink(api)).toBe('https://port.example.com/kt/api/country/?page_size=1&page=2');
  });
});

describe('the settings', () => {
  it('read a hop count, a list, or off; refuse anything else naming the variable', () => {
    expect(fromEnv({}).trustProxy).toBe(false);
    expect(fromEnv({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(fromEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(fromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(fromEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => fromEnv({ TRUST_PROXY: 'a proxy' })).toThrow(/TRUST_PROXY/);
    expect(() => fromEnv({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(ConfigError);
    expect(() => fromEnv({ PUBLIC_URL: 'port.example.com' })).toThrow(/PUBLIC_URL/);
    expect(fromEnv({ PUBLIC_URL: 'https://port.example.com/' }).publicUrl).toBe('https://port.example.com');
  });
});
