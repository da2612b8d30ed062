import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTestServer } from '../../../server/testing';
import { launchBrowser } from '../../e2e/support/browser';
import type { BenchRow, BenchSuite } from '../lib';
import { screenWeight } from './shell/bundle';
import { loginTimes } from './shell/timing';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIST = fileURLToPath(new URL('../../../.tmp/bench-dist/', import.meta.url));
const RUNS = 5;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The app shell: what the first screens weigh, and how fast the sign-in form is usable. */
const shell: BenchSuite = {
  name: 'shell',
  async run(ctx) {
    ctx.log('shell: building the app (vite build)');
    execFileSync(
      fileURLToPath(new URL('node_modules/.bin/vite', `file://${ROOT}`)),
      ['build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'error'],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );

    const rows: BenchRow[] = [];
    for (const [screen, goalKb] of [
      ['/login', 200],
      ['/projects', 300],
    ] as const) {
      const weight = screenWeight(DIST, screen);
      rows.push({
        suite: 'shell',
        name: `JS+CSS for ${screen} (gzip)`,
        value: kb(weight.gzipBytes),
        unit: 'KB',
        goal: `< ${goalKb} KB`,
        ok: weight.gzipBytes < goalKb * 1024,
        note: `${weight.files.length} files, zlib level 6`,
      });
    }

    ctx.log(`shell: timing the sign-in form in Chromium (${RUNS} runs)`);
    const server = await startTestServer({ staticDir: DIST });
    const browser = await launchBrowser();
    try {
      const times = await loginTimes(browser, server.url, RUNS);
      rows.push({
        suite: 'shell',
        name: 'login form usable, first visit',
        value: Math.round(times.first),
        unit: 'ms',
        note: `median of ${RUNS}: ${times.firstRuns.map(Math.round).join(', ')}`,
      });
      rows.push({
        suite: 'shell',
        name: 'login form usable, repeat visit (service worker)',
        value: Math.round(times.repeat),
        unit: 'ms',
        goal: '< 500 ms',
        ok: times.repeat < 500,
        note: `median of ${RUNS}: ${times.repeatRuns.map(Math.round).join(', ')}`,
      });
    } finally {
      await browser.close();
      await server.close();
    }
    return rows;
  },
};

export default shell;
