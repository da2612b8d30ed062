// `npm run bench [suite ...]`: runs every suite in tests/bench/suites/ (or those named), prints one
// table and writes it to tests/bench/results/ (<suite>.md and <suite>.json: each suite's latest run only).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchContext, BenchRow, BenchSuite } from './lib.js';
import {
  type BenchReport,
  describeMachine,
  markdownTable,
  previousFigures,
  textTable,
} from './support/report.js';

const SUITES_DIR = fileURLToPath(new URL('./suites/', import.meta.url));
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

const USAGE = `Usage: npm run bench [-- suite ...]

Runs the benchmark suites (all, or the ones named by file name) and writes the table to
tests/bench/results/. With DATABASE_URL set, suites also measure on PostgreSQL.
BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 50) shorten or widen load runs.
BENCH_ENGINES=pglite or BENCH_ENGINES=postgres measures one engine alone.`;

const started = Date.now();
const log = (message: string) =>
  process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);

function suiteFiles(): string[] {
  return readdirSync(SUITES_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .sort();
}

async function loadSuite(file: string): Promise<BenchSuite> {
  const module = (await import(pathToFileURL(join(SUITES_DIR, file)).href)) as { default?: BenchSuite };
  const suite = module.default;
  if (!suite || typeof suite.name !== 'string' || typeof suite.run !== 'function')
    throw new Error(`${file} does not default-export a BenchSuite`);
  return suite;
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return undefined;
  }
}

const CHILD_OUT = process.env.BENCH_CHILD_OUT;

/** One suite on one engine in a new process (BenchSuite.serverInProcess); its rows. */
function runApart(name: string, engine: string): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'kt-bench-rows-'));
  const out = join(dir, 'rows.json');
  try {
    log(`suite ${name}: ${engine} in a process of its own`);
    const child = spawnSync(TSX, [fileURLToPath(import.meta.url), name], {
      env: { ...process.env, BENCH_ENGINES: engine, BENCH_CHILD_OUT: out },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // A suite that failed there still wrote its rows (with its 'suite failed' row).
    if (!existsSync(out)) throw new Error(`the ${engine} run ended with ${child.status ?? child.signal}`);
    return JSON.parse(readFileSync(out, 'utf8')) as BenchRow[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(
      `${USAGE}\n\nSuites: ${suiteFiles()
        .map((file) => basename(file, '.ts'))
        .join(', ')}`,
    );
    return 0;
  }
  const available = suiteFiles();
  const wanted = args.length > 0 ? args : available.map((file) => basename(file, '.ts'));
  const unknown = wanted.filter((name) => !available.includes(`${name}.ts`));
  if (unknown.length > 0) {
    console.error(
      `Unknown suite(s): ${unknown.join(', ')}. Suites: ${available.map((f) => basename(f, '.ts')).join(', ')}`,
    );
    return 1;
  }

  const databaseUrl = process.env.DATABASE_URL || undefined;
  // BENCH_ENGINES=postgres (or pglite) measures one engine alone, in a process the other never ran in.
  const only = process.env.BENCH_ENGINES;
  const engines: BenchContext['engines'] = databaseUrl ? ['pglite', 'postgres'] : ['pglite'];
  const ctx: BenchContext = {
    engines: only ? engines.filter((engine) => only.split(',').includes(engine)) : engines,
    databaseUrl,
    log,
  };
  const rows: BenchRow[] = [];
  const failed: string[] = [];
  for (const name of wanted) {
    log(`suite ${name}`);
    try {
      const suite = await loadSuite(`${name}.ts`);
      if (suite.serverInProcess && ctx.engines.length > 1)
        for (const engine of ctx.engines) rows.push(...runApart(name, engine));
      else rows.push(...(await suite.run(ctx)));
    } catch (error) {
      failed.push(name);
      const message = error instanceof Error ? error.message : String(error);
      log(`suite ${name} failed: ${error instanceof Error ? (error.stack ?? message) : message}`);
      rows.push({ suite: name, name: 'suite failed', value: Number.NaN, unit: '', ok: false, note: message });
    }
  }

  if (CHILD_OUT) {
    // A suite run apart for the parent run (runApart): the rows are the parent's to report.
    writeFileSync(CHILD_OUT, JSON.stringify(rows));
    return failed.length > 0 ? 1 : 0;
  }

  const previous = previousFigures(RESULTS_DIR);
  const date = new Date();
  const report: BenchReport = {
    date: date.toISOString(),
    machine: describeMachine(),
    engines: ctx.engines,
    suites: wanted,
    commit: gitCommit(),
    rows,
  };
  console.log(`\n${textTable(report, previous)}\n`);

  // Only the latest results are kept: one file pair per suite (<suite>.md, <suite>.json), replaced by the
  // suite's next run; the figures of the run before show in its `previous` column.
  mkdirSync(RESULTS_DIR, { recursive: true });
  for (const suite of wanted) {
    const own: BenchReport = { ...report, suites: [suite], rows: rows.filter((row) => row.suite === suite) };
    if (own.rows.length === 0) continue;
    writeFileSync(join(RESULTS_DIR, `${suite}.json`), `${JSON.stringify(own, null, 2)}\n`);
    writeFileSync(join(RESULTS_DIR, `${suite}.md`), markdownTable(own, previous));
  }
  log(`written to ${RESULTS_DIR}<suite>.md (and .json) for ${wanted.join(', ')}`);
  const notOk = rows.filter((row) => row.ok === false);
  if (notOk.length > 0) log(`not ok: ${notOk.map((row) => `${row.suite} / ${row.name}`).join('; ')}`);
  return failed.length > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
