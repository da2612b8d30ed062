// The embedded engine: PGlite (PostgreSQL compiled to WebAssembly) in this process, on DATA_DIR/pgdata,
// in a worker thread of its own (pglite-worker.ts), so its statements never hold the thread that answers
// requests.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { Kysely, sql } from 'kysely';
import type { Database } from './database-types.js';
import { lockDataDir } from './lock.js';
import { PGliteDialect } from './pglite-dialect.js';
import { startPGliteThread } from './pglite-thread.js';
import type { Tables } from './tables.js';

// Run by a short-lived Node process with the module's URL and the folder: creates the database
// (initdb) and exits.
const INITDB = `const { PGlite } = await import(process.argv[1]);
const pglite = new PGlite({ dataDir: process.argv[2] });
await pglite.waitReady;
await pglite.close();`;

/**
 * Creates a new database's files in a child process. In this one, initdb leaves ~450 MB of WebAssembly
 * memory and code (a second PGlite and the initdb module) that V8 frees late or never, so a server's
 * first start sat at ~800 MB for its whole life against ~330 MB once restarted (bench: import).
 */
async function initdbApart(pgdata: string): Promise<void> {
  const module = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', INITDB, '--', module, pgdata],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) =>
        error
          ? reject(new Error(`Creating the embedded database failed: ${stderr || error.message}`))
          : resolve(),
    );
  });
}

/** Embedded databases' threads starting (the memory-first V8 flag is on while there is one). */
let sizing = 0;

/** Opens the embedded database; 'memory' keeps it in memory (tests), anything else is a folder. */
export async function openPGlite(dataDir: string): Promise<Database> {
  const memory = dataDir === 'memory';
  const unlock = memory ? () => {} : await lockDataDir(dataDir);
  try {
    const pgdata = join(dataDir, 'pgdata');
    if (!memory && !existsSync(join(pgdata, 'PG_VERSION'))) await initdbApart(pgdata);
    // PostgreSQL's WebAssembly compiled by V8's baseline compiler only, before the module is compiled:
    // the optimizing tier's code and compile memory held ~60 MB for the process's life (bench: import).
    // The price is CPU: a count over 100,000 rows took 6.6 ms against 5.5, and bench resources served
    // ~14% fewer packing-list pages a second (963 against 1,115). The flag reaches only WebAssembly.
    v8.setFlagsFromString('--liftoff-only');
    // The database's thread sized for memory rather than speed (a smaller young generation, fuller
    // collections sooner): a 20,000-row import peaked at ~300-330 MB without it and ~250-260 MB with it
    // (bench: import). V8's flags belong to the process and its heaps are sized when an isolate is made,
    // so the flag is set while the thread starts and taken back once it runs: left on, the server's own
    // thread collected its heap in full every ~0.7 s during an import, holding its event loop up to
    // ~190 ms a time (never-stalls.test.ts). Counted, as tests open several at once.
    if (sizing++ === 0) v8.setFlagsFromString('--optimize-for-size');
    // PGlite's module (~45 MB) loads in that thread only: of no use to a PostgreSQL server.
    const pglite = await startPGliteThread(memory ? undefined : pgdata).finally(() => {
      if (--sizing === 0) v8.setFlagsFromString('--no-optimize-for-size');
    });
    const dialect = new PGliteDialect(pglite);
    const db = new Kysely<Tables>({ dialect });
    return {
      engine: 'pglite',
      db,
      async exec(text) {
        // Through the driver's lock, so a migration never interleaves with a request's transaction.
        await db.connection().execute(async () => {
          await pglite.exec(text);
        });
      },
      async ping() {
        if (!pglite.running()) return false;
        // Its one connection in use: the database is at work (and its thread alive). Waiting for a long
        // statement to end (a report's, an import's) would hold a health check for as long.
        if (dialect.stats().inUse) return true;
        try {
          // Through Kysely and the driver's lock: never inside a request's transaction.
          await sql`select 1`.execute(db);
          return true;
        } catch {
          return false;
        }
      },
      poolStats() {
        const { inUse, waiting } = dialect.stats();
        return { size: 1, inUse, idle: 1 - inUse, waiting };
      },
      async listen(channel, listener) {
        // Through the driver's lock: a LISTEN inside a request's transaction would share its fate.
        const stop = await db.connection().execute(() => pglite.listen(channel, listener.notice));
        return { close: () => db.connection().execute(() => stop()) };
      },
      copyDataDir: memory
        ? undefined
        : (target) =>
            // Through the driver's lock: no statement runs from the checkpoint to the end of the copy, so
            // the copy is the database at one moment, its data files up to date (WAL replay not needed).
            db.connection().execute(async (connection) => {
              await sql`CHECKPOINT`.execute(connection);
              await cp(pgdata, target, {
                recursive: true,
                filter: (source) => basename(source) !== 'postmaster.pid',
              });
            }),
      async close() {
        await db.destroy();
        await pglite.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
