// `npm start`: runs the server from a prebuilt bundle of server/start.ts in this very process, with
// plain Node. Under the tsx loader the server compiled its TypeScript in memory (~35 MB more) and tsx's
// own launcher process stayed beside it (~50 MB). The bundle is (re)built here when missing or when any
// file it was made from changed, so `npm install && npm start` is still all a new machine needs, and
// an edited source is never served stale. Tests keep running the sources.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'node_modules', '.cache', 'karbontrack-server');
const BUNDLE = join(OUT, 'start.mjs');
// Worker threads' entries (server/workers/spawn.ts), bundled beside the server: name -> source.
const WORKERS = JSON.parse(readFileSync(join(ROOT, 'server', 'workers', 'entries.json'), 'utf8'));
const INPUTS = join(OUT, 'inputs.json');

/** Size and modification time of a file, or null when it is gone. */
function stamp(file) {
  try {
    const stat = statSync(join(ROOT, file));
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return null;
  }
}

function isFresh() {
  if (!existsSync(BUNDLE) || !existsSync(INPUTS)) return false;
  if (Object.keys(WORKERS).some((name) => !existsSync(join(OUT, `${name}.mjs`)))) return false;
  try {
    const built = JSON.parse(readFileSync(INPUTS, 'utf8'));
    return built.root === ROOT && Object.entries(built.files).every(([file, seen]) => stamp(file) === seen);
  } catch {
    return false;
  }
}

// The sources' own URL in place of the bundle's, so files found next to a module (the migrations)
// are found where they are.
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return {
        contents: source.replaceAll('import.meta.url', url),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

function replace(file, contents) {
  const aside = `${file}.${process.pid}`;
  writeFileSync(aside, contents);
  renameSync(aside, file);
}

async function build() {
  console.log('Building the server (esbuild)…');
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: {
        start: join(ROOT, 'server', 'start.ts'),
        ...Object.fromEntries(Object.entries(WORKERS).map(([name, source]) => [name, join(ROOT, source)])),
      },
      outdir: OUT,
      outExtension: { '.js': '.mjs' },
      // Where spawnWorker finds the bundled workers (the sources' URL stays in import.meta.url).
      define: { KARBONTRACK_WORKERS: JSON.stringify(pathToFileURL(`${OUT}/`).href) },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Dependencies stay out of the bundle and load from node_modules, as under tsx.
      packages: 'external',
      metafile: true,
      write: false,
      logLevel: 'warning',
      plugins: [keepModuleUrls],
    });
    // Written aside, then renamed: another start at the same moment never reads half a file.
    for (const file of result.outputFiles) replace(file.path, file.contents);
    const sources = Object.keys(result.metafile.inputs).map((file) => relative(ROOT, resolve(ROOT, file)));
    const files = Object.fromEntries(
      [...sources, 'server/launch.mjs', 'package.json'].map((file) => [file, stamp(file)]),
    );
    replace(INPUTS, JSON.stringify({ root: ROOT, files }));
  } finally {
    await esbuild.stop();
  }
}

mkdirSync(OUT, { recursive: true });
if (!isFresh()) await build();
await import(pathToFileURL(BUNDLE).href);
