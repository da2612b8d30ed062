// What the audit (`npm run audit`) and the Lighthouse benchmark (`npm run bench -- lighthouse`) share:
// the pages, the built product served by the real server over a temporary data folder with the demo
// data, a signed-in session, and the wait for a quiet machine before each run.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config';
import { DEMO_USERS } from '../../server/db/first-start';
import { startServer } from '../../server/server';
import { type StoredSession, signInByApi } from '../e2e/support/session';
import { buildIfNeeded, ROOT } from './build';

export const PAGES = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/projects', signedIn: true },
] as const;

/** Issue 15: Lighthouse (mobile) performance at least 95 on each page, on a quiet machine. */
export const PERFORMANCE_GOAL = 95;

export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The machine's idle share over `ms` (0 to 1), from the cores' times. */
async function idleShare(ms: number): Promise<number> {
  const total = () =>
    cpus().reduce(
      (sum, { times }) => {
        const all = times.user + times.nice + times.sys + times.idle + times.irq;
        return { idle: sum.idle + times.idle, all: sum.all + all };
      },
      { idle: 0, all: 0 },
    );
  const before = total();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = total();
  return (after.idle - before.idle) / Math.max(1, after.all - before.all);
}

/**
 * Waits (at most QUIET_WAIT_MS) until the cores are mostly idle: Lighthouse's simulated throttling
 * multiplies what it observes, so a run that starts while the step before (the soak suite's clusters
 * shutting down, a build) still holds a core measures that, not the page. Returns the idle share seen.
 */
const QUIET_WAIT_MS = 60_000;
export async function untilQuiet(): Promise<number> {
  const deadline = Date.now() + QUIET_WAIT_MS;
  let idle = await idleShare(1000);
  while (idle < 0.85 && Date.now() < deadline) idle = await idleShare(1000);
  return idle;
}

export interface AuditTarget {
  origin: string;
  /** The first demo user, signed in through the API. */
  session: StoredSession;
  close(): Promise<void>;
}

/** Builds the product into `dist` when stale and serves it with the demo data on a free port. */
export async function startAuditTarget(dist: string, log: (line: string) => void): Promise<AuditTarget> {
  buildIfNeeded(dist, log);
  const dataDir = mkdtempSync(join(tmpdir(), 'karbontrack-audit-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: dist,
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
  });
  const server = await startServer(config);
  try {
    const { username, password } = DEMO_USERS[0];
    const session = await signInByApi(server.url, username, password);
    return {
      origin: server.url,
      session,
      async close() {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export const AUDIT_DIST = process.env.AUDIT_DIST ?? join(ROOT, '.tmp/audit-dist');
