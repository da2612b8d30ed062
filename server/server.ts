import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { runExclusive } from './db/exclusive.js';
import { type FirstStartResult, seedOnFirstStart } from './db/first-start.js';
import { runMigrations } from './db/migrate.js';
import { purgeExpired } from './sync/retention.js';
import { startWebhookWorker, type WebhookWorker } from './webhooks/worker.js';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  firstStart: FirstStartResult;
  /** This process's webhook worker (tests run a round at once with runOnce). */
  webhooks: WebhookWorker;
  /** Stops taking requests, finishes the ones in flight, then closes the database. */
  close(): Promise<void>;
}

const CLOSE_GRACE_MS = 10_000;
/** Advisory lock key of the daily purge (beside the seq's 727275 and migrations' 727274). */
const PURGE_LOCK = 727276;

/** Opens (and if needed creates and migrates) the database, seeds it once, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
  });
  try {
    await runMigrations(database);
    const firstStart = await seedOnFirstStart(database, config);
    const app = await buildApp(config, database);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    // Expired tombstones, idempotency answers and sign-in failures go daily (and once at start), by one
    // server process at a time when several share a PostgreSQL database.
    const purge = () =>
      runExclusive(database, PURGE_LOCK, async () => {
        await purgeExpired(database);
      }).catch((error: unknown) => app.log.warn({ err: error }, 'purge failed'));
    void purge();
    const purgeTimer = setInterval(purge, 24 * 60 * 60 * 1000);
    purgeTimer.unref();
    const webhooks = startWebhookWorker(database, config.webhooks, app.log);
    let closing: Promise<void> | null = null;
    return {
      app,
      database,
      url: `http://${host}:${port}`,
      firstStart,
      webhooks,
      close() {
        closing ??= (async () => {
          clearInterval(purgeTimer);
          await webhooks.stop();
          // Answers in flight get a grace period; then whatever connection is left is cut, so a stop
          // (SIGTERM, a test's close) never waits forever on a client that does not go away.
          const deadline = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
          deadline.unref();
          try {
            await app.close();
          } finally {
            clearTimeout(deadline);
          }
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
