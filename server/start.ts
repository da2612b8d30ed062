import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Config, ConfigError, loadConfig } from './config.js';
import { DEMO_USERS } from './db/first-start.js';
import { DatabaseBusyError } from './db/lock.js';
import { MigrationError } from './db/migrate.js';
import { startServer } from './server.js';

/** Builds the PWA when there is no build yet, so `npm install && npm start` is all a new machine needs. */
function ensureBuilt(staticDir: string) {
  if (existsSync(join(staticDir, 'index.html'))) return;
  console.log(`No build of the app in ${staticDir}/: building it once (vite build)…`);
  const vite = resolve('node_modules', '.bin', 'vite');
  const result = spawnSync(vite, ['build', '--outDir', staticDir], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The app build failed; see the messages above.');
}

/** The bucket and prefix, and the endpoint when it is not AWS's (never the credentials). */
function storageWhere(config: Config): string {
  const { storage } = config;
  if (storage.kind !== 's3') return '';
  return `s3://${storage.bucket}/${storage.prefix}${storage.endpoint ? ` at ${storage.endpoint}` : ''}`;
}

/** How clients reach it: HTTPS here, HTTPS at a proxy (PUBLIC_URL), or plain HTTP with what that costs. */
function transportLines(config: Config): string[] {
  if (config.tls)
    return [
      `  HTTPS (HTTP/2) with ${resolve(config.tls.certFile)}${config.httpRedirectPort ? `; port ${config.httpRedirectPort} redirects to it` : ''}`,
    ];
  if (config.publicUrl?.startsWith('https://')) return [`  Reached over HTTPS at ${config.publicUrl}`];
  return [
    '  Plain HTTP: on any address but localhost (a tablet at http://<this server>:port) browsers do not',
    '  let the app install or work offline; they need HTTPS. Set TLS_CERT_FILE and TLS_KEY_FILE, or put',
    '  an HTTPS reverse proxy in front (README, "Production").',
  ];
}

async function main() {
  const config = loadConfig();
  ensureBuilt(config.staticDir);
  const server = await startServer(config);
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${resolve(config.dataDir)}`;
  const lines = [
    '',
    `  karbontrack is running at ${server.url}`,
    `  API: ${server.url}/api/   docs: ${server.url}/api/docs/`,
    `  Database: ${where}${server.firstStart.seeded ? ' (created and seeded now)' : ''}`,
    `  Files: ${config.storage.kind === 's3' ? `S3 bucket ${storageWhere(config)}` : resolve(config.dataDir, 'files')}`,
  ];
  lines.push(...transportLines(config));
  if (server.firstStart.demo) {
    lines.push('  Demo sign-in:');
    for (const user of DEMO_USERS) lines.push(`    ${user.username} / ${user.password}  (${user.role})`);
  }
  console.log(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.log('Stopping now.');
      process.exit(1);
    }
    stopping = true;
    server.app.log.info({ signal }, 'finishing requests in flight, then closing the database');
    await server.close();
    process.exit(0);
  };
  // A renewed certificate (certbot's deploy hook, `systemctl reload karbontrack`) without a restart.
  process.on('SIGHUP', () => {
    try {
      server.reloadTls();
      server.app.log.info('TLS certificate read again');
    } catch (error) {
      server.app.log.error({ err: error }, 'the TLS certificate could not be read again; the old one stays');
    }
  });
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseBusyError || error instanceof MigrationError)
    console.error(error.message);
  else console.error(error);
  process.exit(1);
});
