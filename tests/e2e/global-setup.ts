import { execFileSync } from 'node:child_process';
import { E2E_DIST, ROOT, VITE_BIN } from './support/paths';

/** Builds the PWA once per run; every browser test serves that build through the real server. */
export default function setup(): void {
  const started = Date.now();
  execFileSync(VITE_BIN, ['build', '--outDir', E2E_DIST, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test; the product is built as in production (React, workbox without dev logs),
    // plus the test-only hooks of src/features/sync/e2eHooks.ts (VITE_E2E_HOOKS).
    env: { ...process.env, NODE_ENV: 'production', VITE_E2E_HOOKS: '1' },
  });
  console.log(`e2e: built the app into ${E2E_DIST} in ${Date.now() - started} ms`);
}
