import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VITE_BIN = join(ROOT, 'node_modules/.bin/vite');
// What the build is made of: a change to any of these makes the build stale.
const SOURCES = [
  'src',
  'sw',
  'locales',
  'public',
  'build',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), 0);
}

/** Builds the app into `outDir` unless a build newer than every source is already there. */
export function buildIfNeeded(outDir: string, log: (line: string) => void): void {
  const built = join(outDir, 'index.html');
  const sourcesAt = Math.max(...SOURCES.map((source) => newest(join(ROOT, source))));
  if (existsSync(built) && statSync(built).mtimeMs > sourcesAt) {
    log(`audit: using the build in ${outDir} (newer than every source)`);
    return;
  }
  log(`audit: building the app into ${outDir} (vite build)`);
  execFileSync(VITE_BIN, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
