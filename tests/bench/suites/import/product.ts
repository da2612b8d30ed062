// The product started exactly as a user starts it, `npm start`, over a new data folder, for the import
// bench: its memory is that of every process `npm start` runs (the script's shell, the server and any
// child it starts, e.g. the one that creates a new embedded database), summed from /proc; npm's own
// process, the package manager waiting on the script, is measured apart.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_USERS } from '../../../../server/db/first-start.js';
import { createTestDatabase } from '../../../../server/testing.js';
import { freePort } from '../../../fixtures/ports.js';

const ROOT = resolve(import.meta.dirname, '../../../..');

/** Resident memory of one process, MB (0 once it is gone). */
function rssMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** User + system CPU seconds of one process and of its children that have ended (0 once it is gone). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

/** Every process below `root` (children, their children...), from each process's parent in /proc. */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      parent.set(Number(name), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  let level = [root];
  while (level.length > 0) {
    const next = [...parent].filter(([, ppid]) => level.includes(ppid)).map(([pid]) => pid);
    found.push(...next);
    level = next;
  }
  return found;
}

export interface StartedProduct {
  url: string;
  token: string;
  /** Summed resident memory of every process `npm start` runs (npm itself apart), MB. */
  rssMb(): number;
  /** npm's own resident memory, MB. */
  npmMb(): number;
  /** Summed CPU seconds of the processes `npm start` runs now. */
  cpuSeconds(): number;
  /** Runs `work` while sampling the summed memory every 20 ms; its result and the peak seen, MB. */
  sample<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }>;
  close(): Promise<void>;
}

/** `npm start` on a new data folder with the demo data (its staff user signs in); PostgreSQL when given. */
export async function startProduct(
  engine: 'pglite' | 'postgres',
  databaseUrl?: string,
): Promise<StartedProduct> {
  const dir = mkdtempSync(join(tmpdir(), 'kt-bench-import-'));
  // A built app of its own: the start never runs `vite build` over a dist/ someone else is rebuilding
  // (the import serves no page). Once a start printed nothing for 300 s after the server's build; such
  // a build, blocking the start, is the likely cause.
  const staticDir = join(dir, 'dist');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Karbontrack</title>');
  let drop = async () => {};
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: join(dir, 'data'),
    STATIC_DIR: staticDir,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    DEMO_DATA: '1',
  };
  if (engine === 'postgres') {
    if (!databaseUrl) throw new Error('the postgres engine needs DATABASE_URL');
    const created = await createTestDatabase(databaseUrl);
    env.DATABASE_URL = created.url;
    drop = created.drop;
  }
  // Its own process group, as in a terminal: the stop reaches every process of it, as Ctrl-C does (npm
  // alone does not pass SIGTERM on to the script).
  const npm: ChildProcess = spawn('npm', ['start'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const npmPid = npm.pid ?? 0;
  let output = '';
  npm.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  npm.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise((done) => npm.once('exit', done));
  const stop = async () => {
    const running = descendants(npmPid);
    try {
      process.kill(-npmPid, 'SIGTERM');
    } catch {
      // the group has ended already
    }
    await exited;
    // The server finishes and closes its database; then the folder can go.
    const deadline = Date.now() + 30_000;
    while (running.some((pid) => rssMb(pid) > 0) && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 100));
    for (const pid of running.filter((one) => rssMb(one) > 0)) process.kill(pid, 'SIGKILL');
    await drop();
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 300_000;
  while (!output.includes(`karbontrack is running at ${url}`)) {
    if (npm.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not start the product:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  const staff = DEMO_USERS[1];
  const signIn = await fetch(`${url}/api/get-token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: staff.username, password: staff.password }),
  });
  const { token } = (await signIn.json()) as { token: string };
  let tree = descendants(npmPid);
  const sum = () => tree.reduce((total, pid) => total + rssMb(pid), 0);
  return {
    url,
    token,
    rssMb: () => {
      tree = descendants(npmPid);
      return sum();
    },
    npmMb: () => rssMb(npmPid),
    cpuSeconds: () => descendants(npmPid).reduce((total, pid) => total + cpuSeconds(pid), 0),
    async sample(work) {
      tree = descendants(npmPid);
      let peak = sum();
      let ticks = 0;
      const timer = setInterval(() => {
        // A child started meanwhile is counted from the next look at the tree (every 200 ms).
        if (++ticks % 10 === 0) tree = descendants(npmPid);
        peak = Math.max(peak, sum());
      }, 20);
      try {
        const result = await work();
        tree = descendants(npmPid);
        peak = Math.max(peak, sum());
        return { result, peakMb: peak };
      } finally {
        clearInterval(timer);
      }
    },
    close: stop,
  };
}
