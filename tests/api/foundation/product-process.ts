// The product started with `npm start`, as a user or a supervisor does, with its own environment (signals
// go to npm, which passes them on); and a request that is surely in flight (its headers read, its body
// not finished yet).
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { resolve } from 'node:path';

import { freePort } from '../../fixtures/ports';

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface ProductProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  signal(name: NodeJS.Signals): Promise<number | null>;
}

/** Runs `npm start` and waits for the URL it prints. */
export async function startProduct(env: Record<string, string>): Promise<ProductProcess> {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (!output.includes(`karbontrack is running at ${url}`)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the product did not start:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    child,
    output: () => output,
    async signal(name) {
      child.kill(name);
      return exited;
    },
  };
}

/**
 * A sign-in whose headers and first half of body are sent now; `finish()` sends the rest and resolves
 * with the status line and body of the answer.
 */
export async function halfSentSignIn(url: string, credentials: { username: string; password: string }) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify(credentials);
  const half = Math.floor(body.length / 2);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  const ended = new Promise<void>((done) => socket.once('close', () => done()));
  await new Promise<void>((done) => socket.once('connect', () => done()));
  socket.write(
    `POST /api/get-token/ HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    async finish(): Promise<{ status: number; body: string }> {
      socket.write(body.slice(half));
      await ended;
      const [head, ...rest] = received.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') };
    },
  };
}
