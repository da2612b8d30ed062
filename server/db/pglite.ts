// The embedded engine: PGlite (PostgreSQL compiled to WebAssembly) in this process, on DATA_DIR/pgdata.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import type { ParserOptions } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import type { Database } from './database.js';
import { lockDataDir } from './lock.js';
import { PGliteDialect } from './pglite-dialect.js';
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

/** Embedded databases open in this process (the memory-first V8 flag is on while there is one). */
let openDatabases = 0;

/** Opens the embedded database; 'memory' keeps it in memory (tests), anything else is a folder. */
export async function openPGlite(dataDir: string, parsers: ParserOptions): Promise<Database> {
  const memory = dataDir === 'memory';
  const unlock = memory ? () => {} : lockDataDir(dataDir);
  try {
    const pgdata = join(dataDir, 'pgdata');
    if (!memory && !existsSync(join(pgdata, 'PG_VERSION'))) await initdbApart(pgdata);
    // PostgreSQL's WebAssembly compiled by V8's baseline compiler only, before the module is compiled:
    // the optimizing tier's code and compile memory held ~60 MB for the process's life (bench: import).
    // The price is CPU: a count over 100,000 rows took 6.6 ms against 5.5, and bench resources served
    // ~14% fewer packing-list pages a second (963 against 1,115). The flag reaches only WebAssembly.
    v8.setFlagsFromString('--liftoff-only');
    // The database lives in this process, so this process's memory is the product's: V8 sized for
    // memory rather than speed (fuller collections sooner, a smaller young generation). A 20,000-row
    // import peaked at ~300-330 MB without it and ~250-260 MB with it, at ~0.7 s more for that import
    // and ~4% fewer packing-list pages a second (bench: import, resources). The flags are read at run
    // time; a PostgreSQL server never sets them, and closing the last one gives the process its defaults
    // back (tests open several at once). Counted once the database is open, so an open that fails leaves nothing set.
    // Loaded only for this engine: the module alone holds ~45 MB, of no use to a PostgreSQL server.
    const { PGlite } = await import('@electric-sql/pglite');
    // pg_trgm (a contrib extension PGlite ships) for the trigram indexes of text searches.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    // One options object: PGlite drops the second argument when the first is not a string.
    const pglite = new PGlite({
      dataDir: memory ? undefined : pgdata,
      parsers,
      relaxedDurability: false,
      extensions: { pg_trgm },
      // The database lives in this process: PostgreSQL's 128 MB buffer cache would sit in its memory on
      // top of the OS's cache of the same files. 32 MB keeps the server ~70 MB smaller (bench: import) at
      // no measured cost per list query over 100,000 items (16 MB cost ~20% more CPU there).
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
    });
    await pglite.waitReady;
    if (openDatabases++ === 0) v8.setFlagsFromString('--optimize-for-size');
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
        if (--openDatabases === 0) v8.setFlagsFromString('--no-optimize-for-size');
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
