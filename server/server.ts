import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { localAccess } from './backup/access.js';
import { type BackupScheduler, scheduleBackups } from './backup/schedule.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { runExclusive } from './db/exclusive.js';
import { type FirstStartResult, seedOnFirstStart } from './db/first-start.js';
import { runMigrations } from './db/migrate.js';
import { fileStoreFor } from './files/store.js';
import { listenRedirect, openConnections, readTls, reloadTls } from './http/tls.js';
import { purgeExpired } from './sync/retention.js';
import { startWebhookWorker, type WebhookWorker } from './webhooks/worker.js';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  firstStart: FirstStartResult;
  /** This process's webhook worker (tests run a round at once with runOnce). */
  webhooks: WebhookWorker;
  /** Scheduled backups, when BACKUP_DIR is set (tests call tick). */
  backups?: BackupScheduler;
  /** With TLS: reads the certificate files again (SIGHUP), for new connections. */
  reloadTls(): void;
  /** Stops taking requests, finishes the ones in flight, then closes the database. */
  close(): Promise<void>;
}

const CLOSE_GRACE_MS = 10_000;
/** Advisory lock key of the daily purge (beside the seq's 727275 and migrations' 727274). */
const PURGE_LOCK = 727276;

/** Opens (and if needed creates and migrates) the database, seeds it once, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  // A certificate that cannot be used stops the start before the database is opened.
  if (config.tls) readTls(config.tls);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
  });
  try {
    await runMigrations(database);
    const firstStart = await seedOnFirstStart(database, config);
    // The embedded database on disk: `npm run backup` asks this process, the only one that may open it.
    const access = database.copyDataDir ? localAccess(config.dataDir) : undefined;
    const app = await buildApp(config, database, { backupToken: access?.token });
    const connections = openConnections(app.server);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const redirect = await listenRedirect(config, port).catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const scheme = config.tls ? 'https' : 'http';
    const reach = host === 'localhost' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    access?.publish(`${scheme}://${reach}:${port}`);
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
    const backups = config.backup
      ? scheduleBackups(config.backup, config, database, () => fileStoreFor(config), app.log)
      : undefined;
    let closing: Promise<void> | null = null;
    return {
      app,
      database,
      url: `${scheme}://${host}:${port}`,
      firstStart,
      webhooks,
      backups,
      reloadTls() {
        if (config.tls) reloadTls(app.server, config.tls);
      },
      close() {
        closing ??= (async () => {
          clearInterval(purgeTimer);
          access?.remove();
          await webhooks.stop();
          await backups?.stop();
          // Answers in flight get a grace period; then whatever connection is left is cut, so a stop
          // (SIGTERM, a test's close) never waits forever on a client that does not go away.
          const deadline = setTimeout(connections.cut, CLOSE_GRACE_MS);
          deadline.unref();
          redirect?.close();
          connections.goAway();
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
