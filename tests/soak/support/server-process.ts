// The real server in a child process (tests/soak/support/server-entry.ts), so a test can SIGKILL it,
// restart it on the same data, and read its memory from outside.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoopFigures } from './loop-hold.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('./server-entry.ts', import.meta.url));

export const SOAK_PASSWORD = 'Quay-Crane-42';

export interface ServerOptions {
  /** PGlite's folder and the files' (DATA_DIR). */
  dataDir: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** Users made at start when missing (password SOAK_PASSWORD). */
  users?: Array<{ username: string; role?: 'admin' | 'staff' }>;
  env?: Record<string, string>;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** SQL in the server's process, on its database. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** How long the event loop was held since the last call (or the start), ms; then starts over. */
  loopDelay(): Promise<LoopFigures>;
  /**
   * Server-side milliseconds of each sync push and pull since the last call (or the start); then starts
   * over. `handled`: from the body received to the answer ended (the server's own part).
   */
  syncRequestTimes(): Promise<{
    push: number[];
    pull: number[];
    handled: { push: number[]; pull: number[] };
  }>;
  /** Resident memory of the server process, in bytes (Linux /proc). */
  rssBytes(): number;
  /** CPU time the server process has used, in ms (user + system, Linux /proc). */
  cpuMs(): number;
  /** Whether the process has exited, and how. */
  exit(): { code: number | null; signal: string | null } | null;
  /** SIGKILL, resolved once the process is gone (and reaped). */
  kill(): Promise<void>;
  /** SIGTERM: finishes requests in flight and closes the database. */
  stop(): Promise<void>;
  /** What it wrote to stdout and stderr. */
  output(): string;
}

function readProc(pid: number, file: string): string {
  return readFileSync(`/proc/${pid}/${file}`, 'utf8');
}

export async function spawnServer(options: ServerOptions): Promise<ServerProcess> {
  mkdirSync(options.dataDir, { recursive: true });
  // A shell page of its own, so the server does not look for (or build) the app.
  const staticDir = join(options.dataDir, '..', 'static');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>soak</title>');
  const users = (options.users ?? []).map((user) => ({
    username: user.username,
    password: SOAK_PASSWORD,
    role: user.role ?? 'staff',
  }));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      DATABASE_POOL_SIZE: '5',
      STATIC_DIR: staticDir,
      KT_SOAK_USERS: JSON.stringify(users),
      ...options.env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let exited: { code: number | null; signal: string | null } | null = null;
  const gone = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });
  const pending = new Map<number, { resolve(rows: unknown[]): void; reject(error: Error): void }>();
  let nextId = 1;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 180 s:\n${output}`)), 180_000);
    child.on('message', (message: { type: string; url?: string; id?: number; rows?: unknown[] }) => {
      if (message.type === 'ready' && message.url) {
        clearTimeout(timer);
        resolve(message.url);
      }
      const waiter = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiter || message.id === undefined) return;
      pending.delete(message.id);
      if (message.type === 'rows') waiter.resolve(message.rows ?? []);
      else waiter.reject(new Error(String((message as { message?: string }).message)));
    });
    void gone.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before it was ready (${JSON.stringify(exited)}):\n${output}`));
    });
  });
  const pid = child.pid ?? 0;
  const signalAndWait = async (signal: NodeJS.Signals) => {
    if (exited) return;
    child.kill(signal);
    await gone;
    for (const waiter of pending.values()) waiter.reject(new Error('server exited'));
    pending.clear();
  };
  const ask = <T>(message: Record<string, unknown>) =>
    new Promise<T[]>((resolve, reject) => {
      if (exited) return reject(new Error('server has exited'));
      const id = nextId++;
      pending.set(id, { resolve: (rows) => resolve(rows as T[]), reject });
      child.send({ ...message, id });
    });
  return {
    url,
    pid,
    query<T>(text: string, params: unknown[] = []) {
      return ask<T>({ type: 'query', text, params });
    },
    async loopDelay() {
      const [row] = await ask<LoopFigures>({ type: 'loop' });
      if (!row) throw new Error('no answer about the event loop');
      return row;
    },
    async syncRequestTimes() {
      const [row] = await ask<{
        push: number[];
        pull: number[];
        handled: { push: number[]; pull: number[] };
      }>({
        type: 'requests',
      });
      if (!row) throw new Error('no answer about the sync requests');
      return row;
    },
    rssBytes() {
      const match = /VmRSS:\s+(\d+) kB/.exec(readProc(pid, 'status'));
      return match ? Number(match[1]) * 1024 : Number.NaN;
    },
    cpuMs() {
      const stat = readProc(pid, 'stat');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, in clock ticks (100 per second on Linux).
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    exit: () => exited,
    kill: () => signalAndWait('SIGKILL'),
    stop: () => signalAndWait('SIGTERM'),
    output: () => output,
  };
}
