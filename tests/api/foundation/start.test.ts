// `npm start` on a new folder, as a new user runs it: one process serves the app and the API, makes the
// embedded database, seeds the demo users once and prints them (as the README says); SIGTERM and SIGINT
// let a request in flight finish and close the database cleanly, so the next start reuses it as it was.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { DEMO_USERS } from '../../../server/db/first-start.js';
import { apiClient, signIn } from '../http.js';
import { halfSentSignIn, ROOT, startProduct } from './product-process.js';

const SLOW = { timeout: 240_000 };
const folder = mkdtempSync(join(tmpdir(), 'kt-start-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// A built app stands in for `vite build` (the browser test serves the real build): its shell and one asset.
const staticDir = join(folder, 'dist');
mkdirSync(join(staticDir, 'assets'), { recursive: true });
writeFileSync(
  join(staticDir, 'index.html'),
  '<!doctype html><title>Karbontrack</title><div id="root"></div>',
);
writeFileSync(join(staticDir, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
// Two levels that do not exist yet.
const dataDir = join(folder, 'site', 'data');
const env = { DATA_DIR: dataDir, STATIC_DIR: staticDir, DATABASE_URL: '' };
const [admin, staff] = DEMO_USERS;

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBeTruthy();
}

describe('configuration defaults', () => {
  it('listens on 8080 on every address, keeps data in ./data, allows no other origin', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: './data', corsOrigins: [] });
    expect(config.databaseUrl).toBeUndefined();
    expect(loadConfig({ CORS_ORIGINS: ' https://erp.example, https://b.example ' }).corsOrigins).toEqual([
      'https://erp.example',
      'https://b.example',
    ]);
  });
});

describe('npm start on a new folder, stopped and started again', SLOW, () => {
  let token = '';
  let projects = 0;

  it('makes the database, seeds the demo users once and prints them as the README does', async () => {
    const product = await startProduct(env);
    try {
      const output = product.output();
      expect(output).toContain(`Database: embedded PGlite in ${dataDir} (created and seeded now)`);
      // Plain HTTP: what it costs on a tablet is said at start (README, Production).
      expect(output).toContain('Plain HTTP: on any address but localhost');
      const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
      for (const user of DEMO_USERS) {
        expect(output).toContain(`${user.username} / ${user.password}  (${user.role})`);
        expect(readme).toContain(`| \`${user.username}\``);
        expect(readme).toContain(`\`${user.password}\``);
      }
      const api = apiClient(product.url);
      token = await signIn(api, admin.username, admin.password);
      expect((await api('GET', '/api/users/me/', { token })).body).toMatchObject({ role: 'admin' });
      expect(await signIn(api, staff.username, staff.password)).toBeTruthy();
      const list = await api<{ count: number }>('GET', '/api/project/', { token });
      projects = list.body.count;
      expect(projects).toBeGreaterThan(0);
    } finally {
      await product.signal('SIGTERM');
    }
  });

  it('serves the app at / (deep links too) and the API at /api/, with security headers on each', async () => {
    const product = await startProduct(env);
    try {
      const shell = await fetch(`${product.url}/`);
      expect(shell.status).toBe(200);
      expect(await shell.text()).toContain('<div id="root">');
      expectSecurityHeaders(shell.headers);
      const deep = await fetch(`${product.url}/projects/some-id`);
      expect(await deep.text()).toContain('<div id="root">');
      const asset = await fetch(`${product.url}/assets/app-1a2b3c.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expectSecurityHeaders(asset.headers);
      const missing = await fetch(`${product.url}/assets/none.js`);
      expect(missing.status).toBe(404);
      expectSecurityHeaders(missing.headers);
      const health = await fetch(`${product.url}/api/health/`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'reachable', engine: 'pglite' });
      expectSecurityHeaders(health.headers);
    } finally {
      await product.signal('SIGTERM');
    }
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`on ${signal}, finishes a request in flight, closes the database, and the next start reuses it`, async () => {
      const product = await startProduct(env);
      // A later start seeds nothing: the same demo data, the earlier sign-in still valid.
      expect(product.output()).not.toContain('created and seeded now');
      const api = apiClient(product.url);
      expect((await api('GET', '/api/users/me/', { token })).status).toBe(200);
      expect((await api<{ count: number }>('GET', '/api/project/', { token })).body.count).toBe(projects);

      const inFlight = await halfSentSignIn(product.url, {
        username: staff.username,
        password: staff.password,
      });
      // Its headers are surely read by now: the server is idle.
      await new Promise((done) => setTimeout(done, 500));
      const exit = product.signal(signal);
      await new Promise((done) => setTimeout(done, 200));
      const answer = await inFlight.finish();
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toHaveProperty('token');
      expect(await exit).toBe(0);
      // The database closed cleanly: its lock is released, and nobody answers any more.
      expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);
      await expect(fetch(`${product.url}/api/health/`)).rejects.toThrow();
    });
  }
});
