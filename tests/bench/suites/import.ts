// Packing-list import of a 20,000-row .xlsx through the real HTTP path, on a server in its own
// process: wall time of POST /api/project/<id>/import_pl/ and the server process's peak resident
// memory during it (VmRSS sampled every 20 ms from /proc), per engine.
import { startChildServer } from '../../fixtures/child-server.js';
import { upload } from '../../fixtures/multipart.js';
import { coilRows, xlsx } from '../../fixtures/packing.js';
import type { BenchRow, BenchSuite } from '../lib.js';

const ROWS = 20_000;
const GOAL_SECONDS = 10;
const GOAL_MB = 300;

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
      ctx.log(`import: starting the server on ${engine} (child process)`);
      const server = await startChildServer(engine, ctx.databaseUrl);
      try {
        const headers = { authorization: `Token ${server.token}`, 'content-type': 'application/json' };
        const made = await fetch(`${server.url}/api/project/`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: 'Bench import' }),
        });
        const project = ((await made.json()) as { id: string }).id;
        const before = server.rssMb();
        const started = performance.now();
        const { result, peakMb } = await server.sample(() =>
          upload(`${server.url}/api/project/${project}/import_pl/`, {
            token: server.token,
            file: { name: 'packing-list.xlsx', bytes: file },
          }),
        );
        const seconds = (performance.now() - started) / 1000;
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
            name: `server peak RSS during the import [${engine}]`,
            value: Math.round(peakMb),
            unit: 'MB',
            goal: `< ${GOAL_MB} MB`,
            ok: peakMb < GOAL_MB,
            note: `server in a child process, VmRSS sampled every 20 ms; ${Math.round(before)} MB before${
              engine === 'pglite' ? ' (the embedded database lives in the same process)' : ''
            }`,
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
    return rows;
  },
};

export default suite;
