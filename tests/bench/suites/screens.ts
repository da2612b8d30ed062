// The screens of issue 6 in Chromium, with 2,000 projects and one project of 20,000 packing items in the
// local store: from the input to the screen updated, for the projects list (page, filter), opening the
// project and hand pages, and the tally (matching a reference, validating a lift).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';
import { startTestServer } from '../../../server/testing';
import { launchBrowser } from '../../e2e/support/browser';
import { openSection } from '../../e2e/support/sections';
import type { BenchRow, BenchSuite } from '../lib';
import { fillLocalStore } from './screens/fill';
import { median, pressEnter, type Step, text, timeStep, typeInto } from './screens/timing';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIST = fileURLToPath(new URL('../../../.tmp/bench-screens-dist/', import.meta.url));
const PASSWORD = 'Quay-Crane-42';
const PROJECTS = 2000;
const PACKING = 20_000;
const VALIDATED = 2000;
const RUNS = 5;

const RANGE = '[data-testid="pager-range"]';
/** A count as the English screen writes it ('2,000'): Intl, thousands grouped, as src/domain/numbers.ts does. */
const grouped = (count: number) => new Intl.NumberFormat('en', { useGrouping: 'always' }).format(count);
/** The pager's words for the first page of `total` rows ('1 - 10 of 2,000'). */
const firstOf = (total: number) => `1 - 10 of ${grouped(total)}`;
/** Searches whose counts differ from the one before (so each run's change shows on the pager). */
const REFINE = ['Granite 1', 'Granite 12', 'Granite 33', 'Granite 6', 'Granite 33'];
/** How many of the filled projects' names ('Coils i' or 'Granite i', i % 3 === 0) contain `needle`. */
const granites = (needle: string) =>
  Array.from({ length: PROJECTS }, (_, i) => `${i % 3 ? 'coils' : 'granite'} ${i}`).filter((name) =>
    name.includes(needle),
  ).length;
const H1 = 'main h1';
/** BENCH_SCREENS_PROFILE=1: a source-mapped build, and a CPU profile of every timed step in .tmp/screens-profile. */
const PROFILE_DIR = process.env.BENCH_SCREENS_PROFILE
  ? fileURLToPath(new URL('../../../.tmp/screens-profile/', import.meta.url))
  : null;
let profiler: CDPSession | null = null;
let profiled = 0;

/** timeStep, with a CPU profile of the step when BENCH_SCREENS_PROFILE is set. */
async function measure(page: Page, step: Step): Promise<number> {
  if (!profiler || !PROFILE_DIR) return timeStep(page, step);
  await profiler.send('Profiler.start');
  const ms = await timeStep(page, step);
  const { profile } = await profiler.send('Profiler.stop');
  writeFileSync(
    `${PROFILE_DIR}${String(++profiled).padStart(2, '0')}-${Math.round(ms)}ms.cpuprofile`,
    JSON.stringify(profile),
  );
  return ms;
}
const click = (selector: string) => `document.querySelector(${JSON.stringify(selector)}).click()`;

async function localCount(page: Page, table: string): Promise<number> {
  return page.evaluate(`(async () => {
    const user = JSON.parse(localStorage.getItem('user') || '{}');
    const db = await new Promise((resolve, reject) => { const o = indexedDB.open('karbontrack-' + user.id); o.onsuccess = () => resolve(o.result); o.onerror = () => reject(o.error); });
    try {
      if (!db.objectStoreNames.contains(${JSON.stringify(table)})) return 0;
      return await new Promise((resolve) => { const r = db.transaction(${JSON.stringify(table)}).objectStore(${JSON.stringify(table)}).count(); r.onsuccess = () => resolve(r.result); });
    } finally { db.close(); }
  })()`) as Promise<number>;
}

/** Polls a condition in the page (waitForFunction would eval a string, which the app's CSP forbids). */
async function until(page: Page, expression: string, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  while (!(await page.evaluate(`Boolean(${expression})`))) {
    if (Date.now() > deadline) {
      await page.screenshot({
        path: fileURLToPath(new URL('../../../.tmp/bench-screens-timeout.png', import.meta.url)),
      });
      throw new Error(`timed out waiting for ${expression}`);
    }
    await page.waitForTimeout(50);
  }
}

async function runs(
  page: Page,
  count: number,
  prepare: (run: number) => Promise<void>,
  step: (run: number) => Step,
) {
  const times: number[] = [];
  for (let run = 0; run < count; run++) {
    await prepare(run);
    times.push(await measure(page, step(run)));
  }
  return times;
}

function row(name: string, times: number[], goalMs: number | null, note = ''): BenchRow {
  const value = Math.round(median(times) * 10) / 10;
  return {
    suite: 'screens',
    name,
    value,
    unit: 'ms',
    ...(goalMs === null ? {} : { goal: `< ${goalMs} ms`, ok: value < goalMs }),
    note: `median of ${times.length}: ${times.map((t) => Math.round(t)).join(', ')}${note ? `; ${note}` : ''}`,
  };
}

const screens: BenchSuite = {
  name: 'screens',
  async run(ctx) {
    ctx.log('screens: building the app (vite build)');
    execFileSync(
      fileURLToPath(new URL('node_modules/.bin/vite', `file://${ROOT}`)),
      [
        'build',
        '--outDir',
        DIST,
        '--emptyOutDir',
        '--logLevel',
        'error',
        ...(PROFILE_DIR ? ['--sourcemap'] : []),
      ],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    const server = await startTestServer({ staticDir: DIST });
    await server.createUser({
      username: 'pia',
      password: PASSWORD,
      first_name: 'Pia',
      last_name: 'Soler',
    });
    const browser = await launchBrowser();
    const rows: BenchRow[] = [];
    try {
      // A tablet in portrait, touch emulated (the issue's goals are set there).
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 768, height: 1024 },
        hasTouch: true,
        serviceWorkers: 'allow',
      });
      const page = await context.newPage();
      if (PROFILE_DIR) {
        mkdirSync(PROFILE_DIR, { recursive: true });
        profiler = await context.newCDPSession(page);
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 100 });
      }
      await page.goto('/login');
      await page.getByLabel('User').fill('pia');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByTestId('user-bar')
        .waitFor({ timeout: 90_000 })
        .catch(async (error: unknown) => {
          await page.screenshot({ path: `${ROOT}.tmp/bench-screens-signin.png` });
          throw error;
        });
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller)
          await new Promise((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', resolve),
          );
      });
      const deadline = Date.now() + 60_000;
      while ((await localCount(page, 'event')) === 0 && Date.now() < deadline) await page.waitForTimeout(250);
      // Offline from here: the sync engine stays quiet while the local store is filled and measured.
      await context.setOffline(true);
      ctx.log(`screens: filling IndexedDB (${PROJECTS} projects, ${PACKING} packing items)`);
      const started = Date.now();
      const filled = await fillLocalStore(page, PROJECTS, PACKING, VALIDATED);
      ctx.log(`screens: filled in ${Date.now() - started} ms`);
      await page.reload();
      await page.goto('/projects');
      await until(page, `${text(RANGE)} === '${firstOf(PROJECTS)}'`);

      // Projects list: next page, and a jump to the last page (the largest offset).
      const next = await runs(
        page,
        RUNS,
        async () => {},
        (run) => ({
          act: click('[aria-label="Next page"]'),
          done: `${text(RANGE)}.startsWith('${grouped((run + 1) * 10 + 1)} - ')`,
        }),
      );
      rows.push(row('projects list: next page', next, 100));
      const last = await runs(
        page,
        RUNS,
        async () => {
          await page.goto('/projects');
          await until(page, `${text(RANGE)} === '${firstOf(PROJECTS)}'`);
        },
        () => ({
          act: click('[aria-label="Last page"]'),
          done: `${text(RANGE)}.startsWith('${grouped(PROJECTS - 9)} - ')`,
        }),
      );
      rows.push(row('projects list: last page', last, 100));

      // Filter: pick a vessel in the filter modal (one of 8: 250 projects), then remove its tag.
      const vessel: number[] = [];
      const untag: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        await page.goto('/projects');
        await until(page, `${text(RANGE)} === '${firstOf(PROJECTS)}'`);
        await page.getByRole('button', { name: 'Filters' }).click();
        const combobox = page.getByRole('combobox', { name: 'Vessel', exact: true });
        await combobox.click();
        await combobox.fill('Nordic');
        await page.getByRole('option', { name: 'Nordic Steel' }).waitFor();
        vessel.push(
          await measure(page, {
            act: `[...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === 'Nordic Steel').click()`,
            done: `${text(RANGE)} === '${firstOf(PROJECTS / 8)}'`,
          }),
        );
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        untag.push(
          await measure(page, {
            act: click('[data-testid="filter-tags"] button'),
            done: `${text(RANGE)} === '${firstOf(PROJECTS)}'`,
          }),
        );
      }
      rows.push(row('projects list: filter by vessel (pick in the modal)', vessel, 100));
      rows.push(row('projects list: remove a filter tag', untag, 100));
      const search = await runs(
        page,
        3,
        async () => {
          await page.goto('/projects');
          await until(page, `${text(RANGE)} === '${firstOf(PROJECTS)}'`);
          await page.getByRole('button', { name: 'Filters' }).click();
          // The filter modal's code loads on first use.
          await page.locator('input[name="search"]').waitFor();
        },
        (run) => ({
          act: typeInto('input[name="search"]', `Coils 19${run}`),
          done: `${text(RANGE)} !== '${firstOf(PROJECTS)}'`,
        }),
      );
      // The modal still open, the search entries read: a second search typed over the first.
      const refine = await runs(
        page,
        RUNS,
        async () => {},
        (run) => ({
          act: typeInto('input[name="search"]', REFINE[run]),
          done: `${text(RANGE)}.endsWith(' of ${grouped(granites(REFINE[run].toLowerCase()))}')`,
        }),
      );
      rows.push(
        row(
          'projects list: search typed again (incl. the 300 ms debounce)',
          refine,
          400,
          'entries in memory',
        ),
      );
      rows.push(
        row(
          'projects list: search typed (incl. the 300 ms debounce)',
          search,
          400,
          'search entries read as the filter modal opens (in chunks), then matched in memory',
        ),
      );

      // Opening the big project from the list (its workspace opens on the packing list), then its hand from
      // the events' timeline (the hand page opens on the tally).
      // Between runs the app goes back in its own history (as a user does), not through a reload.
      const projectShown = `${text(H1)} === 'Project Big call' && document.querySelector('[data-testid="packing-row"]')`;
      await page.goto('/projects');
      const openProject = await runs(
        page,
        RUNS,
        async (run) => {
          if (run > 0) await page.goBack();
          await until(page, `${text(RANGE)} === '${firstOf(PROJECTS)}'`);
        },
        () => ({ act: click(`a[href="/project/${filled.bigProject}"]`), done: projectShown }),
      );
      rows.push(row('project page open (from the list)', openProject, 500, 'in-app navigation'));
      const handShown = `${text(H1)} === 'Hand Gang 1' && ${text('[data-testid="count-lifts"]')} === '${grouped(VALIDATED / 2)}'`;
      const openHand = await runs(
        page,
        RUNS,
        async (run) => {
          // Back from the hand, the project shows the section it was left on (the events).
          if (run > 0) await page.goBack();
          await until(page, `${text(H1)} === 'Project Big call'`);
          await openSection(page, 'events');
          await page.getByText('Working shift', { exact: true }).click();
          await page.locator(`a[href="/project/${filled.bigProject}/hand/${filled.hand}"]`).first().waitFor();
        },
        () => ({
          act: click(`a[href="/project/${filled.bigProject}/hand/${filled.hand}"]`),
          done: handShown,
        }),
      );
      rows.push(
        row(
          'hand page open (2,000 validated of 20,000)',
          openHand,
          500,
          'in-app navigation, until the tally shows its counts',
        ),
      );

      // The tally: the reference by its last 6 digits, then Enter on the empty box validates the lift.
      await page.getByTestId('hold-1').click();
      const match: number[] = [];
      const validate: number[] = [];
      for (let run = 0; run <= RUNS; run++) {
        await page.evaluate(typeInto('[data-testid="tally-input"]', filled.free[run]));
        match.push(
          await measure(page, {
            act: pressEnter('[data-testid="tally-input"]'),
            done: `document.querySelectorAll('[data-testid="lift-item"]').length === 1`,
          }),
        );
        validate.push(
          await measure(page, {
            act: pressEnter('[data-testid="tally-input"]'),
            done: `${text('[data-testid="count-lifts"]')} === '${grouped(VALIDATED / 2 + run + 1)}'`,
          }),
        );
      }
      rows.push({
        ...row('tally: first reference (reads the 20,000 references index)', match.slice(0, 1), null),
        note: 'keys only from [project+reference], once per tally session',
      });
      rows.push(row('tally: reference matched by its ending', match.slice(1), 100));
      rows.push(
        row('tally: one validation (write + counts on screen)', validate.slice(1), 100, 'first run excluded'),
      );
      await context.close();
    } finally {
      await browser.close();
      await server.close();
    }
    return rows;
  },
};

export default screens;
