import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTestServer } from '../../../server/testing';
import { launchBrowser } from '../../e2e/support/browser';
import { signInByApi } from '../../e2e/support/session';
import type { BenchRow, BenchSuite } from '../lib';
import { screenWeight } from './shell/bundle';
import { observedWeight } from './shell/observed';
import { loginTimes } from './shell/timing';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIST = fileURLToPath(new URL('../../../.tmp/bench-dist/', import.meta.url));
const RUNS = 5;

const PASSWORD = 'Bench-Quay-2026';

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
    const login = screenWeight(DIST, '/login');
    rows.push({
      suite: 'shell',
      name: 'JS+CSS for /login, module graph (gzip)',
      value: kb(login.gzipBytes),
      unit: 'KB',
      goal: '< 200 KB',
      ok: login.gzipBytes < 200 * 1024,
      note: `${login.files.length} files from the build manifest, zlib level 6`,
    });

    ctx.log(`shell: timing the sign-in form in Chromium (${RUNS} runs)`);
    const server = await startTestServer({ staticDir: DIST });
    const browser = await launchBrowser();
    try {
      await server.createUser({ username: 'supervisor', password: PASSWORD, first_name: 'Carmen' });
      const session = await signInByApi(server.url, 'supervisor', PASSWORD);
      for (const [screen, goalKb, signedIn] of [
        ['/login', 200, false],
        ['/projects', 200, true],
      ] as const) {
        const weight = await observedWeight(
          browser,
          server.url,
          DIST,
          screen,
          signedIn ? session : undefined,
        );
        rows.push({
          suite: 'shell',
          name: `JS+CSS loaded by ${screen}, first visit in Chromium (gzip)`,
          value: kb(weight.gzipBytes),
          unit: 'KB',
          goal: `< ${goalKb} KB`,
          ok: weight.gzipBytes < goalKb * 1024,
          note: `${weight.files.length} files requested until the screen shows${
            signedIn ? ', before the page has settled' : ' and the network is idle'
          }${
            weight.workerBytes
              ? `, of which ${kb(weight.workerBytes)} KB the sync engine's pull worker's script (with the chunks it imports, all shared with the page and counted once: ${kb(weight.workerClosureBytes)} KB)`
              : ''
          }`,
        });
        if (signedIn) {
          rows.push({
            suite: 'shell',
            name: `then fetched by ${screen} in the background (gzip)`,
            value: kb(weight.afterwards.gzipBytes),
            unit: 'KB',
            note: `${weight.afterwards.files.length} files asked for once the page had settled (src/ui/preload.ts), until the network is idle: of them ${weight.preload.files.length} files, ${kb(weight.preload.gzipBytes)} KB, the code a save needs offline (fetched, not run: src/app/pwa/offlineCode.ts), the rest the next screens' code; first visit total ${kb(weight.gzipBytes + weight.afterwards.gzipBytes)} KB`,
          });
        }
      }
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
