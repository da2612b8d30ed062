// `npm run audit`: Lighthouse (mobile, simulated throttling: its defaults) on /, /login and /projects
// signed in, plus installability, against the built product served by the real server on a free port over
// a temporary data folder. Prints the scores; exits non-zero when accessibility, best practices or
// installability fall under their bars. Performance is a speed, and speed is measured by the benchmarks,
// never by a test that fails: it is printed here beside its goal (issue 15: 95 on a quiet machine) and
// measured, several runs per page, by `npm run bench -- lighthouse`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build';
import { checkInstallable } from './installable';
import {
  CATEGORIES,
  type Category,
  type Finding,
  openAuditBrowser,
  type PageRun,
  resetOrigin,
  runLighthouse,
} from './lighthouse';
import {
  AUDIT_DIST,
  loadAverage as load,
  PAGES,
  PERFORMANCE_GOAL,
  startAuditTarget,
  untilQuiet,
} from './target';

/** The checks that fail the audit: what a page is, not how fast this machine loads it. */
const BARS = { accessibility: 100, 'best-practices': 100 } as const;
type Gated = keyof typeof BARS;
const GATED = Object.keys(BARS) as Gated[];
// A page runs until it meets the bars (the first run, unless Lighthouse lost its trace), at most this
// often; the best score of each category is kept.
const MAX_RUNS = Number(process.env.AUDIT_RUNS ?? 3);
const REPORTS = join(ROOT, '.tmp/audit-reports');

const log = (line: string) => console.log(line);

const meets = (scores: Record<Category, number>) =>
  GATED.every((category) => scores[category] >= BARS[category]);

function describe(findings: Finding[]): string {
  return findings
    .map((item) => `      - ${item.id}: ${item.title}${item.display ? ` (${item.display})` : ''}`)
    .join('\n');
}

async function main() {
  const target = await startAuditTarget(AUDIT_DIST, log);
  const audit = await openAuditBrowser();
  mkdirSync(REPORTS, { recursive: true });
  let failed = false;
  try {
    const { origin, session } = target;
    log(`audit: ${origin}, Lighthouse ${MAX_RUNS} run(s) at most per page, load average ${load()}`);
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
      if (last) {
        for (const category of GATED) {
          if (best[category] < BARS[category] && last.findings[category].length > 0)
            lines.push(
              `    ${category} (best ${best[category]} < ${BARS[category]}), what costs points:\n${describe(last.findings[category])}`,
            );
        }
        if (best.performance < PERFORMANCE_GOAL && last.findings.performance.length > 0)
          lines.push(
            `    performance (${best.performance}, goal ${PERFORMANCE_GOAL}; not a bar), what costs points:\n${describe(last.findings.performance)}`,
          );
      }
    }
    const installable = await checkInstallable(audit, origin);
    failed ||= !installable.ok;

    log(`\nLighthouse ${'(mobile, simulated throttling; best of the runs)'}, load average now ${load()}`);
    log(`page       performance accessibility best-practices  ok   runs (perf/a11y/bp)`);
    log(
      `bars       ${`(goal ${PERFORMANCE_GOAL})`.padStart(11)} ${`>= ${BARS.accessibility}`.padStart(13)} ${`>= ${BARS['best-practices']}`.padStart(14)}`,
    );
    for (const line of lines) log(line);
    log(
      `\nInstallable PWA (Lighthouse 12 has no PWA category any more: checked with CDP Page.getInstallabilityErrors, the manifest and the service worker offline): ${installable.ok ? 'yes' : 'NO'}`,
    );
    for (const problem of installable.problems) log(`  - ${problem}`);
    log(
      `Performance is measured, not a bar (speed moves with the machine): \`npm run bench -- lighthouse\` runs each page several times against the goal of ${PERFORMANCE_GOAL}.`,
    );
    log(failed ? '\naudit: FAILED (under the bars above)' : '\naudit: passed');
  } finally {
    await audit.close();
    await target.close();
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
