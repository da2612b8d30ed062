import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * The build the browser tests run against (apart from dist/, which a running `npm start` may serve).
 * E2E_DIST gives another folder, so two engineers' runs in one tree do not rebuild each other's.
 */
export const E2E_DIST =
  process.env.E2E_DIST ?? fileURLToPath(new URL('../../../.tmp/e2e-dist/', import.meta.url));
export const VITE_BIN = fileURLToPath(new URL('../../../node_modules/.bin/vite', import.meta.url));
