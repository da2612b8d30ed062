// Starting a worker thread whose entry is one of our TypeScript modules, wherever the server runs from:
// - `npm start` runs a bundle (server/launch.mjs), which bundles each worker entry beside it and tells
//   this module where (KARBONTRACK_WORKERS, replaced at build time by the bundle's folder);
// - tests and `tsx` run the sources: the worker registers tsx's loader first, then imports the entry.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import entries from './entries.json' with { type: 'json' };

// Defined by server/launch.mjs's build (esbuild `define`) as the bundle's folder URL; absent in the sources.
declare const KARBONTRACK_WORKERS: string | undefined;

/** The worker entries (name -> source path from the repository's root); launch.mjs bundles each. */
export type WorkerName = keyof typeof entries;

const ROOT = new URL('../../', import.meta.url);

/** tsx's ESM API (its "import" entry: the "require" one cannot register from an ES module). */
function tsxApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = JSON.parse(readFileSync(manifest, 'utf8')).exports as Record<string, unknown>;
  const api = exports['./esm/api'] as { import: { default: string } };
  return pathToFileURL(join(dirname(manifest), api.import.default)).href;
}

/** A new worker thread running the named entry, bundled or from its source. */
export function spawnWorker(name: WorkerName, options: WorkerOptions = {}): Worker {
  if (typeof KARBONTRACK_WORKERS === 'string')
    return new Worker(new URL(`${name}.mjs`, KARBONTRACK_WORKERS), options);
  const entry = new URL(entries[name], ROOT).href;
  // Node 20 applies a loader given in a worker's execArgv to its imports but not to its entry, so the
  // entry is a line of script that registers tsx in the worker and then imports the module.
  const boot = `import(${JSON.stringify(tsxApi())}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
