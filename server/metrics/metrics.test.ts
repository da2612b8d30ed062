// /api/metrics/ over HTTP against a real server (PGlite, or PostgreSQL with DATABASE_URL): refused
// without a token, open to an admin's token and to METRICS_TOKEN, and its figures move with the
// requests, sync pushes and pulls, device reports and uploads that happen.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import { Fixtures } from '../../tests/api/fixtures.js';
import { createMutation } from '../../tests/fixtures/mutations.js';
import { startTestServer, type TestServer } from '../testing.js';

const METRICS_TOKEN = 'scrape-0123456789abcdef';
let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await startTestServer({ metricsToken: METRICS_TOKEN });
  f = await new Fixtures(server).init();
});
afterAll(() => server?.close());

/** The value of one sample of the exposition: a metric name and labels it must carry. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const scrape = async (authorization = `Bearer ${METRICS_TOKEN}`) => {
  const response = await fetch(`${server.url}/api/metrics/`, { headers: { authorization } });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};

describe('the metrics endpoint', () => {
  it('is refused without a token, with a wrong one, and to a user who is not an admin', async () => {
    const none = await fetch(`${server.url}/api/metrics/`);
    expect(none.status).toBe(401);
    expect((await fetch(`${server.url}/api/metrics`)).status).toBe(401);
    expect(await none.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect((await scrape('Bearer scrape-0123456789abcdeX')).status).toBe(401);
    expect((await scrape(`Bearer ${METRICS_TOKEN}x`)).status).toBe(401);
    expect((await scrape('Token not-a-token')).status).toBe(401);
    expect((await scrape(`Token ${f.staffToken}`)).status).toBe(403);
    const customer = await f.create('accounts');
    expect((await scrape(`Token ${await f.accountToken(customer.id)}`)).status).toBe(403);
  });

  it('answers the Prometheus text format to METRICS_TOKEN and to an admin', async () => {
    const bare = await fetch(`${server.url}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(bare.status).toBe(200);
    expect(await bare.text()).toContain('karbontrack_http_requests_total');
    for (const authorization of [
      `Bearer ${METRICS_TOKEN}`,
      `Token ${METRICS_TOKEN}`,
      `Token ${f.adminToken}`,
    ]) {
      const { status, type, text } = await scrape(authorization);
      expect(status).toBe(200);
      expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(text).toContain('# TYPE karbontrack_http_requests_total counter');
      expect(text).toContain('# TYPE karbontrack_http_request_duration_seconds histogram');
      // Node's own: event-loop delay, memory, CPU.
      expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sample(text, 'karbontrack_database_up')).toBe(1);
      expect(sample(text, 'karbontrack_db_pool_connections', { state: 'size' })).toBe(
        server.server.database.engine === 'pglite' ? 1 : 5,
      );
    }
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    const before = (await scrape()).text;
    const project = await f.create('project');
    for (let i = 0; i < 3; i++) await f.api('GET', `/api/project/${project.id}/`, { token: f.staffToken });
    await f.api('GET', `/api/project/${uuidv7()}/`, { token: f.staffToken });
    await f.api('GET', '/api/no-such-thing/', { token: f.staffToken });
    const after = (await scrape()).text;
    const count = (text: string, labels: Record<string, string>) =>
      sample(text, 'karbontrack_http_requests_total', labels) ?? 0;
    const route = '/api/project/:id/';
    expect(
      count(after, { method: 'GET', route, status: '200' }) -
        count(before, { method: 'GET', route, status: '200' }),
    ).toBe(3);
    expect(
      count(after, { method: 'GET', route, status: '404' }) -
        count(before, { method: 'GET', route, status: '404' }),
    ).toBe(1);
    expect(count(after, { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    const latency = (text: string) =>
      sample(text, 'karbontrack_http_request_duration_seconds_count', { method: 'GET', route }) ?? 0;
    expect(latency(after) - latency(before)).toBe(4);
    expect(
      sample(after, 'karbontrack_http_request_duration_seconds_bucket', { method: 'GET', route, le: '+Inf' }),
    ).toBe(latency(after));
    // No route label carries an id.
    expect(after).not.toContain(project.id);
  });

  it('counts sync pushes by result and pulls, and sums what devices report of their outboxes', async () => {
    const before = (await scrape()).text;
    const project = await f.create('project');
    const incidence = await f.body('incidence', { project: project.id });
    const clientId = uuidv7();
    const pushed = await f.api<{ results: { status: string }[] }>('POST', '/api/sync/push/', {
      token: f.staffToken,
      body: {
        client_id: clientId,
        device_name: 'Tablet 9',
        pending: 7,
        needs_attention: 1,
        files_pending: 3,
        oldest_pending_at: new Date(Date.now() - 3_600_000).toISOString(),
        mutations: [
          createMutation('incidence', incidence, 1),
          createMutation('incidence', { ...incidence, project: 'not-an-id' }, 2),
        ],
      },
    });
    expect(pushed.status).toBe(200);
    const statuses = pushed.body.results.map((result) => result.status);
    expect(statuses).toEqual(['applied', 'rejected']);
    expect(
      (
        await f.api('GET', `/api/sync/pull/?client_id=${clientId}&pending=7&files_pending=3`, {
          token: f.staffToken,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await f.api(
          'GET',
          `/api/sync/pull/?scope=project:${project.id}&client_id=${clientId}&pending=7&files_pending=3`,
          { token: f.staffToken },
        )
      ).status,
    ).toBe(200);
    const after = (await scrape()).text;
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('karbontrack_sync_pushes_total')).toBe(1);
    expect(delta('karbontrack_sync_push_mutations_total', { result: 'applied' })).toBe(1);
    expect(delta('karbontrack_sync_push_mutations_total', { result: 'rejected' })).toBe(1);
    expect(delta('karbontrack_sync_pulls_total', { scope: 'global' })).toBe(1);
    expect(delta('karbontrack_sync_pulls_total', { scope: 'project' })).toBe(1);
    expect(sample(after, 'karbontrack_device_outbox_pending')).toBe(7);
    expect(sample(after, 'karbontrack_device_outbox_pending_max')).toBe(7);
    expect(sample(after, 'karbontrack_device_upload_queue_files')).toBe(3);
    expect(sample(after, 'karbontrack_devices_with_unsent_work')).toBe(1);
    expect(sample(after, 'karbontrack_devices_active')).toBeGreaterThanOrEqual(1);
    // The pull reported no oldest change: the device's outbox age went with it.
    expect(sample(after, 'karbontrack_device_oldest_unsent_seconds')).toBe(0);
  });

  it('shows an upload while it is being received, and not after', async () => {
    const project = await f.create('project');
    const boundary = 'ktboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const content = 'x'.repeat(64 * 1024);
    const { port } = new URL(server.url);
    let release: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answered = new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: `/api/project/${project.id}/attachments/`,
          headers: {
            authorization: `Token ${f.staffToken}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': Buffer.byteLength(head + content + tail),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.write(head + content.slice(0, 1000));
      inFlight.then(() => request.end(content.slice(1000) + tail));
    });
    let during: number | undefined;
    for (let i = 0; i < 100 && !during; i++) {
      during = sample((await scrape()).text, 'karbontrack_uploads_in_progress');
      if (!during) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(during).toBe(1);
    release();
    expect(await answered).toBe(201);
    expect(sample((await scrape()).text, 'karbontrack_uploads_in_progress')).toBe(0);
  });
});
