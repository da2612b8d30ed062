import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiClient } from '../../tests/api/http.js';
import { startTestServer, type TestServer } from '../testing.js';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer({ bodyLimitBytes: 2 * 1024 * 1024 });
  api = apiClient(server.url);
});
afterAll(() => server?.close());

const noStack = (body: unknown) =>
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+|node_modules/);

describe('bad input never becomes a 500', () => {
  it('answers malformed JSON with 400 and a detail', async () => {
    const response = await api('POST', '/api/get-token/', {
      rawBody: '{"username": "a", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toHaveProperty('detail');
    noStack(response.body);
  });

  it('answers a 1 MB JSON body of nonsense with a 400', async () => {
    const nonsense = `{"username": ${JSON.stringify('\u0000'.repeat(10))}, "x": [${'[{"a":'.repeat(20_000)}`;
    const padded = nonsense + ' '.repeat(1024 * 1024 - nonsense.length);
    const response = await api('POST', '/api/get-token/', {
      rawBody: padded,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    noStack(response.body);
  });

  it('answers a 1 MB well-formed JSON of the wrong shape with field errors', async () => {
    const response = await api('POST', '/api/get-token/', {
      body: { username: ['x'.repeat(500_000)], password: { nested: 'y'.repeat(500_000) } },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ username: ['Not a valid string.'], password: ['Not a valid string.'] });
  });

  it('answers an oversized body with 413', async () => {
    const response = await api('POST', '/api/get-token/', {
      rawBody: JSON.stringify({ username: 'a', password: 'b'.repeat(3 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.body).toHaveProperty('detail');
  });

  it('answers an unknown content type with 415', async () => {
    const response = await api('POST', '/api/get-token/', {
      rawBody: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toHaveProperty('detail');
  });

  it('answers an unknown API path with 404 in the DRF shape', async () => {
    const response = await api('GET', '/api/no-such-thing/');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not found.' });
  });
});

describe('ground rules', () => {
  it('answers health without a token', async () => {
    const response = await api('GET', '/api/health/');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', database: 'reachable' });
  });

  it('serves the OpenAPI document and the docs page without a token', async () => {
    const doc = await api<{ openapi: string; paths: Record<string, unknown> }>('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/get-token/', '/api/logout/', '/api/users/me/', '/api/health/']),
    );
    const page = await fetch(`${server.url}/api/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/swagger/i);
  });

  it('sets security headers on every response, errors included', async () => {
    const json = { 'content-type': 'application/json' };
    const responses = [
      await fetch(`${server.url}/api/health/`),
      await fetch(`${server.url}/api/users/me/`),
      await fetch(`${server.url}/api/nothing/`),
      await fetch(`${server.url}/api/users/me/`, { headers: { authorization: 'Token <script>' } }),
      await fetch(`${server.url}/api/get-token/`, { method: 'POST', headers: json, body: '{"username": ' }),
      await fetch(`${server.url}/api/get-token/`, { method: 'POST', headers: json, body: '{}' }),
      await fetch(`${server.url}/api/get-token/`, {
        method: 'POST',
        headers: json,
        body: 'x'.repeat(3 << 20),
      }),
      await fetch(`${server.url}/api/get-token/`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: 'a',
      }),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 401, 404, 401, 400, 400, 413, 415]);
    for (const response of responses) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-frame-options')).toBeTruthy();
      expect(response.headers.get('strict-transport-security')).toBeTruthy();
    }
  });

  it('keeps CORS closed unless CORS_ORIGINS lists the origin', async () => {
    const closed = await fetch(`${server.url}/api/health/`, { headers: { origin: 'https://evil.example' } });
    expect(closed.headers.get('access-control-allow-origin')).toBeNull();
    const open = await startTestServer({ corsOrigins: ['https://erp.example'] });
    try {
      const allowed = await fetch(`${open.url}/api/health/`, { headers: { origin: 'https://erp.example' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://erp.example');
      const other = await fetch(`${open.url}/api/health/`, { headers: { origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      // A browser's preflight before a signed-in write: allowed for the listed origin only.
      const preflight = (url: string, origin: string) =>
        fetch(`${url}/api/project/`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization,content-type',
          },
        });
      const granted = await preflight(open.url, 'https://erp.example');
      expect(granted.headers.get('access-control-allow-origin')).toBe('https://erp.example');
      expect(granted.headers.get('access-control-allow-methods')).toContain('POST');
      expect(granted.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
      for (const refused of [
        await preflight(open.url, 'https://evil.example'),
        await preflight(server.url, 'https://erp.example'),
      ])
        expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await open.close();
    }
  });

  it('finishes a request in flight when closing', async () => {
    const other = await startTestServer();
    // The body is sent in two parts, so the request is surely in flight when the close begins.
    let finish: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"username": "nobody", '));
        finish = () => {
          controller.enqueue(new TextEncoder().encode('"password": "whatever-1"}'));
          controller.close();
        };
      },
    });
    // The server has begun the request (its headers are read) before the close starts.
    const received = new Promise((resolve) => other.server.app.server.once('request', resolve));
    const inFlight = fetch(`${other.url}/api/get-token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    await received;
    const closing = other.close();
    finish();
    const response = await inFlight;
    await closing;
    expect(response.status).toBe(400);
  });
});
