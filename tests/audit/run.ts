// `npm run audit`: Lighthouse (mobile, simulated throttling: its defaults) on /, /login and /projects
// signed in, plus installability, against the built product served by the real server on a free port over
// a temporary data folder. Prints the scores and exits non-zero under the bars.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config';
import { DEMO_USERS } from '../../server/db/first-start';
import { startServer } from '../../server/server';
import { buildIfNeeded, ROOT } from './build';
import { checkInstallable } from './installable';
import {
  CATEGORIES,
  type Category,
  type Finding,
  openAuditBrowser,
  type PageRun,
  resetOrigin,
  runLighthouse,
  type Session,
} from './lighthouse';

const BARS: Record<Category, number> = { performance: 90, accessibility: 95, 'best-practices': 95 };
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/projects', signedIn: true },
] as const;
// Performance moves with the machine's load: each page runs until it meets the bars, at most this often,
// and the best score of each category is kept.
const MAX_RUNS = Number(process.env.AUDIT_RUNS ?? 3);
const DIST = process.env.AUDIT_DIST ?? join(ROOT, '.tmp/audit-dist');
const REPORTS = join(ROOT, '.tmp/audit-reports');

const log = (line: string) => console.log(line);
const load = () =>
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
async function untilQuiet(): Promise<number> {
  const deadline = Date.now() + QUIET_WAIT_MS;
  let idle = await idleShare(1000);
  while (idle < 0.85 && Date.now() < deadline) idle = await idleShare(1000);
  return idle;
}

async function signIn(url: string): Promise<Session> {
  const { username, password } = DEMO_USERS[0];
  const post = await fetch(`${url}/api/get-token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!post.ok) throw new Error(`sign-in as ${username} answered ${post.status}`);
  const { token } = (await post.json()) as { token: string };
  const me = await fetch(`${url}/api/users/me/`, { headers: { Authorization: `Token ${token}` } });
  return { username, token, user: await me.json() };
}

const meets = (scores: Record<Category, number>) =>
  CATEGORIES.every((category) => scores[category] >= BARS[category]);

function describe(findings: Finding[]): string {
  return findings
    .map((item) => `      - ${item.id}: ${item.title}${item.display ? ` (${item.display})` : ''}`)
    .join('\n');
}

async function main() {
  buildIfNeeded(DIST, log);
  const dataDir = mkdtempSync(join(tmpdir(), 'karbontrack-audit-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: DIST,
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
  });
  const server = await startServer(config);
  const audit = await openAuditBrowser();
  mkdirSync(REPORTS, { recursive: true });
  let failed = false;
  try {
    const origin = server.url;
    log(`audit: ${origin}, Lighthouse ${MAX_RUNS} run(s) at most per page, load average ${load()}`);
    const session = await signIn(origin);
    const lines: string[] = [];
    // AUDIT_PAGES=/login,/projects audits only those (while fixing one page).
    const only = process.env.AUDIT_PAGES?.split(',');
    for (const { path, signedIn } of PAGES.filter((page) => !only || only.includes(page.path))) {
      const best = { performance: 0, accessibility: 0, 'best-practices': 0 } as Record<Category, number>;
      const runs: string[] = [];
      let last: PageRun | undefined;
      for (let run = 1; run <= MAX_RUNS && !(run > 1 && meets(best)); run++) {
        await resetOrigin(audit, origin, signedIn ? session : undefined);
        const idle = await untilQuiet();
        const before = `${load()}, ${Math.round(idle * 100)} % idle`;
        try {
          last = await runLighthouse(audit, `${origin}${path}`);
        } catch (error) {
          // Lighthouse sometimes loses its trace on a loaded machine (NO_NAVSTART): that run counts, empty.
          runs.push('error');
          log(`  ${path} run ${run}: ${(error as Error).message}, load average ${before}`);
          continue;
        }
        for (const category of CATEGORIES) best[category] = Math.max(best[category], last.scores[category]);
        runs.push(`${last.scores.performance}/${last.scores.accessibility}/${last.scores['best-practices']}`);
        log(`  ${path} run ${run}: ${runs.at(-1)} (perf/a11y/bp), load average ${before}`);
        writeFileSync(
          join(REPORTS, `${path.replace(/\W/g, '') || 'home'}.json`),
          JSON.stringify(last.report),
        );
      }
      const ok = meets(best);
      failed ||= !ok;
      lines.push(
        `${path.padEnd(10)} ${String(best.performance).padStart(11)} ${String(best.accessibility).padStart(13)} ${String(best['best-practices']).padStart(14)}  ${ok ? 'yes' : 'NO '}  ${runs.join(', ')}`,
      );
      if (!ok && last) {
        for (const category of CATEGORIES) {
          if (best[category] < BARS[category] && last.findings[category].length > 0)
            lines.push(
              `    ${category} (best ${best[category]} < ${BARS[category]}), what costs points:\n${describe(last.findings[category])}`,
            );
        }
      }
    }
    const installable = await checkInstallable(audit, origin);
    failed ||= !installable.ok;

    log(`\nLighthouse ${'(mobile, simulated throttling; best of the runs)'}, load average now ${load()}`);
    log(`page       performance accessibility best-practices  ok   runs (perf/a11y/bp)`);
    log(
      `bars       ${`>= ${BARS.performance}`.padStart(11)} ${`>= ${BARS.accessibility}`.padStart(13)} ${`>= ${BARS['best-practices']}`.padStart(14)}`,
    );
    for (const line of lines) log(line);
    log(
      `\nInstallable PWA (Lighthouse 12 has no PWA category any more: checked with CDP Page.getInstallabilityErrors, the manifest and the service worker offline): ${installable.ok ? 'yes' : 'NO'}`,
    );
    for (const problem of installable.problems) log(`  - ${problem}`);
    log(failed ? '\naudit: FAILED (under the bars above)' : '\naudit: passed');
  } finally {
    await audit.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
