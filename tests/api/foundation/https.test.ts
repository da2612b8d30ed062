// HTTPS served by the server itself with a self-signed certificate made here by openssl: HTTP/2 for
// clients that offer it, HTTP/1.1 for the rest, the plain-HTTP port redirecting, the security policy
// asking browsers to upgrade only then; the product started that way (`node server/launch.mjs`, as
// the README's systemd unit runs it) says so and reads a renewed certificate on SIGHUP.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { type ClientHttp2Session, connect as http2Connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { type Certificate, selfSigned } from '../../fixtures/certificate.js';
import { freePort } from '../../fixtures/ports.js';
import { ROOT } from './product-process.js';

const folder = mkdtempSync(join(tmpdir(), 'kt-https-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const PASSWORD = 'Quay-Crane-42';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on an HTTP/2 session. */
function h2(session: ClientHttp2Session, method: string, path: string, headers = {}, body?: Buffer | string) {
  return new Promise<Answer>((resolve, reject) => {
    const stream = session.request({ ':method': method, ':path': path, ...headers });
    let text = '';
    let answer: Answer['headers'] = {};
    stream.on('response', (received) => {
      answer = received;
    });
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    stream.on('end', () => resolve({ status: Number(answer[':status']), headers: answer, body: text }));
    stream.on('error', reject);
    stream.end(body);
  });
}

/** One request over HTTP/1.1 (https or http module), with the HTTP version the server answered in. */
function h1(url: string, options: { method?: string; ca?: string } = {}) {
  return new Promise<Answer & { version: string }>((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const request = send(url, { method: options.method ?? 'GET', ca: options.ca }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: text,
          version: response.httpVersion,
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('a server with TLS_CERT_FILE and TLS_KEY_FILE', () => {
  let cert: Certificate;
  let server: TestServer;
  let redirectPort = 0;
  let session: ClientHttp2Session;

  beforeAll(async () => {
    cert = selfSigned(folder);
    redirectPort = await freePort();
    server = await startTestServer({
      tls: { certFile: cert.certFile, keyFile: cert.keyFile },
      httpRedirectPort: redirectPort,
    });
    await server.createUser({ username: 'tls', password: PASSWORD });
  });
  afterAll(async () => {
    session?.close();
    await server?.close();
  });

  it('speaks HTTP/2 to a client that offers it, with the upgrade policy', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    session = http2Connect(server.url, { ca: cert.pem });
    await new Promise((resolve) => session.once('connect', resolve));
    expect(session.alpnProtocol).toBe('h2');
    const health = await h2(session, 'GET', '/api/health/');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
    expect(health.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(health.headers['strict-transport-security']).toContain('max-age=');
  });

  it('serves the API over HTTP/2: sign-in, a compressed list, a multipart upload', async () => {
    const signIn = await h2(
      session,
      'POST',
      '/api/get-token/',
      { 'content-type': 'application/json' },
      JSON.stringify({ username: 'tls', password: PASSWORD }),
    );
    expect(signIn.status).toBe(200);
    const token = (JSON.parse(signIn.body) as { token: string }).token;
    const auth = { authorization: `Token ${token}` };
    const project = await h2(
      session,
      'POST',
      '/api/project/',
      { ...auth, 'content-type': 'application/json' },
      JSON.stringify({ name: 'Over h2', code: 'H2-1' }),
    );
    expect(project.status).toBe(201);
    const id = (JSON.parse(project.body) as { id: string }).id;
    const list = await h2(session, 'GET', '/api/project/?page_size=1000', auth);
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body)).toMatchObject({ count: 1 });
    const boundary = 'h2boundary';
    const multipart = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="over-h2.txt"\r\n` +
        `Content-Type: text/plain\r\n\r\nsent over HTTP/2\r\n--${boundary}--\r\n`,
    );
    const uploaded = await h2(
      session,
      'POST',
      `/api/project/${id}/attachments/`,
      { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      multipart,
    );
    expect(uploaded.status).toBe(201);
    const file = JSON.parse(uploaded.body) as { id: string };
    const download = await h2(session, 'GET', `/api/attachments/${file.id}/download/`, auth);
    expect(download.body).toBe('sent over HTTP/2');
  });

  it('answers HTTP/1.1 to a client without HTTP/2', async () => {
    const answer = await h1(`${server.url}/api/health/`, { ca: cert.pem });
    expect(answer.status).toBe(200);
    expect(answer.version).toBe('1.1');
  });

  it('redirects the plain-HTTP port to the same path over HTTPS (GET 301, POST 308)', async () => {
    const port = new URL(server.url).port;
    const get = await h1(`http://127.0.0.1:${redirectPort}/login?next=%2Fprojects`);
    expect(get.status).toBe(301);
    expect(get.headers.location).toBe(`https://127.0.0.1:${port}/login?next=%2Fprojects`);
    const post = await h1(`http://127.0.0.1:${redirectPort}/api/get-token/`, { method: 'POST' });
    expect(post.status).toBe(308);
    expect(post.headers.location).toBe(`https://127.0.0.1:${port}/api/get-token/`);
  });

  it('closes promptly with an HTTP/2 session still open', async () => {
    const idle = http2Connect(server.url, { ca: cert.pem });
    await new Promise((resolve) => idle.once('connect', resolve));
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    idle.destroy();
  });
});

describe('without TLS', () => {
  it('sends no upgrade-insecure-requests (a tablet at http://server:port would get a blank page)', async () => {
    const server = await startTestServer();
    try {
      const response = await fetch(`${server.url}/api/health/`);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'self'");
      expect(policy).not.toContain('upgrade-insecure-requests');
    } finally {
      await server.close();
    }
  });
});

describe('TLS settings that cannot work', () => {
  it('are refused at start with a message naming the variable', async () => {
    expect(() => loadConfig({ TLS_CERT_FILE: '/etc/ssl/a.crt' })).toThrow(
      /TLS_KEY_FILE: set TLS_CERT_FILE and TLS_KEY_FILE together/,
    );
    expect(() => loadConfig({ HTTP_REDIRECT_PORT: '80' })).toThrow(
      /HTTP_REDIRECT_PORT: .*needs TLS_CERT_FILE/,
    );
    const one = selfSigned(folder, 'one');
    const other = selfSigned(folder, 'other');
    await expect(
      startTestServer({ tls: { certFile: join(folder, 'missing.crt'), keyFile: one.keyFile } }),
    ).rejects.toThrow(/TLS_CERT_FILE: cannot read .*missing\.crt/);
    const mismatched = startTestServer({ tls: { certFile: one.certFile, keyFile: other.keyFile } });
    await expect(mismatched).rejects.toBeInstanceOf(ConfigError);
    await expect(mismatched).rejects.toThrow(/not a PEM certificate and its private key/);
  });
});

/** The CN of the certificate a new TLS connection to the port is shown. */
function servedName(port: number, ca: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ port, host: '127.0.0.1', ca, servername: 'localhost' }, () => {
      const name = socket.getPeerCertificate().subject?.CN;
      socket.end();
      resolve(String(name));
    });
    socket.on('error', reject);
  });
}

describe('the product started with a certificate', { timeout: 240_000 }, () => {
  let child: ChildProcess;
  let output = '';
  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
  });

  it('prints its HTTPS address, and serves a renewed certificate after SIGHUP without a restart', async () => {
    const site = join(folder, 'site');
    const staticDir = join(site, 'dist');
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(
      join(staticDir, 'index.html'),
      '<!doctype html><title>Karbontrack</title><div id="root"></div>',
    );
    const first = selfSigned(site, 'first');
    const port = await freePort();
    // The unit runs node itself (not npm), so SIGHUP reaches the server.
    child = spawn(process.execPath, [join(ROOT, 'server', 'launch.mjs')], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: join(site, 'data'),
        STATIC_DIR: staticDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        TLS_CERT_FILE: join(site, 'live.crt'),
        TLS_KEY_FILE: join(site, 'live.key'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    renameSync(first.certFile, join(site, 'live.crt'));
    renameSync(first.keyFile, join(site, 'live.key'));
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
    const url = `https://127.0.0.1:${port}`;
    const deadline = Date.now() + 180_000;
    while (!output.includes(`karbontrack is running at ${url}`)) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`the product did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain(`HTTPS (HTTP/2) with ${join(site, 'live.crt')}`);
    expect(output).not.toContain('Plain HTTP');
    expect(await servedName(port, [first.pem])).toBe('first');

    const renewed = selfSigned(site, 'renewed');
    renameSync(renewed.certFile, join(site, 'live.crt'));
    renameSync(renewed.keyFile, join(site, 'live.key'));
    child.kill('SIGHUP');
    const served = async () => servedName(port, [first.pem, renewed.pem]);
    for (let i = 0; i < 50 && (await served()) !== 'renewed'; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await served()).toBe('renewed');
    expect(child.exitCode).toBeNull();

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
