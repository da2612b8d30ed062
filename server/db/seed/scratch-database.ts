// For tests: a fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL
// server named by DATABASE_URL (dropped again by close()).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../database.js';
import { type MigrateOptions, runMigrations } from '../migrate.js';

async function onServer(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** `options.before`: stop at that migration (a database of a previous release, for upgrade tests). */
export async function openScratchDatabase(options: MigrateOptions = {}): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: 'memory' });
    await runMigrations(database, undefined, options);
    return database;
  }
  const name = `kt_domain_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await runMigrations(database, undefined, options);
  return {
    ...database,
    async close() {
      await database.close();
      await onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
