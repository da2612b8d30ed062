import buildApp from '../../e2e/global-setup';

/**
 * The soak suite's global setup: builds the PWA for the browser soak tests (tests/e2e's build, into
 * E2E_DIST), unless the run was asked only for files other than browser-*.test.ts (a server soak alone).
 */
export default function setup(): void {
  const filters = process.argv
    .slice(2)
    .filter((arg) => arg.includes('tests/soak/') || arg.endsWith('.test.ts'));
  if (filters.length > 0 && !filters.some((arg) => arg.includes('browser-'))) return;
  buildApp();
}
