// Packing-list import of a 20,000-row .xlsx through the real HTTP path, on the product as `npm start`
// runs it over a new data folder (./import/product.ts): wall and CPU time of POST
// /api/project/<id>/import_pl/ and the peak resident memory of every process `npm start` runs during it
// (sampled every 20 ms from /proc), per engine; and PGlite's own floor: a process holding only the
// embedded database, reopened as a restarted server does (./import/floor.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { upload } from '../../fixtures/multipart.js';
import { coilRows, xlsx } from '../../fixtures/packing.js';
import type { BenchRow, BenchSuite } from '../lib.js';
import { startProduct } from './import/product.js';

const ROWS = 20_000;
const GOAL_SECONDS = 10;
const GOAL_MB = 300;

/** Resident memory of a process holding only PGlite, reopened on an existing data folder. */
function pgliteFloor(): { node_mb: number; open_mb: number } {
  const dir = mkdtempSync(join(tmpdir(), 'kt-bench-floor-'));
  const script = fileURLToPath(new URL('./import/floor.ts', import.meta.url));
  const run = (env: Record<string, string> = {}) =>
    execFileSync(process.execPath, ['--import', 'tsx', script, join(dir, 'data')], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
  try {
    run({ CREATE: '1' });
    return JSON.parse(run().trim().split('\n').at(-1) ?? '{}');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const suite: BenchSuite = {
  name: 'import',
  async run(ctx) {
    const rows: BenchRow[] = [];
    const file = await xlsx(
      ['Reference', 'Commodity', 'Quantity', 'Net weight', 'Gross weight', 'Location'],
      coilRows(ROWS),
    );
    ctx.log(`import: a ${ROWS}-row .xlsx of ${(file.length / 1024).toFixed(0)} KB`);
    for (const engine of ctx.engines) {
      ctx.log(`import: npm start on ${engine}`);
      const server = await startProduct(engine, ctx.databaseUrl);
      try {
        const headers = { authorization: `Token ${server.token}`, 'content-type': 'application/json' };
        const made = await fetch(`${server.url}/api/project/`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: 'Bench import' }),
        });
        const project = ((await made.json()) as { id: string }).id;
        const before = server.rssMb();
        const cpuBefore = server.cpuSeconds();
        const started = performance.now();
        const { result, peakMb } = await server.sample(() =>
          upload(`${server.url}/api/project/${project}/import_pl/`, {
            token: server.token,
            file: { name: 'packing-list.xlsx', bytes: file },
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        const cpu = server.cpuSeconds() - cpuBefore;
        if (result.status !== 200 || result.body.created !== ROWS)
          throw new Error(`import answered ${result.status} ${JSON.stringify(result.body).slice(0, 300)}`);
        rows.push(
          {
            suite: 'import',
            name: `import ${ROWS.toLocaleString('en')}-row .xlsx [${engine}]`,
            value: Math.round(seconds * 100) / 100,
            unit: 's',
            goal: `< ${GOAL_SECONDS} s`,
            ok: seconds < GOAL_SECONDS,
            note: 'upload, parse, validate, write with seq and audit per row',
          },
          {
            suite: 'import',
            name: `server CPU time of the import [${engine}]`,
            value: Math.round(cpu * 100) / 100,
            unit: 's',
            note: "user + system time of the processes npm start runs (PostgreSQL's own not counted)",
          },
          {
            suite: 'import',
            name: `server peak RSS during the import [${engine}]`,
            value: Math.round(peakMb),
            unit: 'MB',
            goal: `< ${GOAL_MB} MB`,
            ok: peakMb < GOAL_MB,
            note: `every process npm start runs (VmRSS summed, sampled every 20 ms), a first start with the demo data; ${Math.round(before)} MB before${
              engine === 'pglite' ? ' (the embedded database lives in the server process)' : ''
            }; npm's own process ${Math.round(server.npmMb())} MB more`,
          },
          {
            suite: 'import',
            name: `server RSS added by the import [${engine}]`,
            value: Math.round(peakMb - before),
            unit: 'MB',
            note: 'peak during the import minus the resident memory just before it',
          },
        );
      } finally {
        await server.close();
      }
    }
    if (ctx.engines.includes('pglite')) {
      const floor = pgliteFloor();
      rows.push({
        suite: 'import',
        name: 'PGlite floor: a process holding only the embedded database, reopened',
        value: Math.round(floor.open_mb),
        unit: 'MB',
        note: `VmRSS; ${Math.round(floor.node_mb)} MB of it is Node, tsx and the database module before opening, so PGlite itself holds ~${Math.round(floor.open_mb - floor.node_mb)} MB (WASM memory of 128 MB at least, compiled code); the server's own code comes on top`,
      });
    }
    return rows;
  },
};

export default suite;
