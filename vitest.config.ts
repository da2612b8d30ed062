import { defineConfig } from 'vitest/config';

// Three suites, run by `npm test` in this order:
// - unit: pure domain code, the local store and sync against a real server (fake-indexeddb)
// - server: the API against a real server over PGlite (or PostgreSQL when DATABASE_URL is set)
// - e2e: the built product in the system Chromium
// Apart, `npm run test:soak` (called by .ci/run): long fault and load runs (tests/soak), browser and server.
/** Server test files at a time (SERVER_TEST_WORKERS, default 1). */
const SERVER_WORKERS = Math.max(1, Number(process.env.SERVER_TEST_WORKERS ?? 1) || 1);
/** Browser test files at a time (E2E_TEST_WORKERS, default 1). */
const E2E_WORKERS = Math.max(1, Number(process.env.E2E_TEST_WORKERS ?? 1) || 1);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/install/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time unless SERVER_TEST_WORKERS says more. CI runs two at a time on both engines
          // (each file has its own server and database; most wait on child processes, timers and sockets,
          // not on the CPU): the PGlite suite took 670 s two at a time with the PostgreSQL suite, the S3
          // files and the soak running beside it, against 694 s one at a time on a quieter machine. Its own
          // group order, so that `vitest run` of every project may give the projects different counts.
          fileParallelism: SERVER_WORKERS > 1,
          ...(SERVER_WORKERS > 1 ? { maxWorkers: SERVER_WORKERS, sequence: { groupOrder: 1 } } : {}),
          // The AWS SDK warns, once per process, that its 2027 releases need Node 22 (README: Production
          // says so); in tests that is 30 copies of one paragraph around every S3 file's results.
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        },
      },
      {
        test: {
          name: 'e2e',
          // A browser test that fails is run once more before it counts: a real defect fails twice,
          // a machine's hiccup (a slow service-worker install under load) does not.
          retry: 1,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One file at a time unless E2E_TEST_WORKERS says more: each file has its own server, database and
          // Chromium, and most of a browser test's time is waiting on the page, not on the CPU.
          fileParallelism: E2E_WORKERS > 1,
          ...(E2E_WORKERS > 1 ? { maxWorkers: E2E_WORKERS, sequence: { groupOrder: 2 } } : {}),
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'soak',
          // Minutes-long runs under faults, one at a time. One retry, like the browser tests: a reopened
          // Chromium profile after a SIGKILL was once seen not to open its store within 30 s in CI (the
          // failure message says where the app stood); each test uses a new profile, so a retry is clean.
          include: ['tests/soak/**/*.test.ts'],
          retry: 1,
          environment: 'node',
          testTimeout: 420_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['tests/soak/support/browser-setup.ts'],
        },
      },
    ],
  },
});
