import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Config, loadConfig, type StorageConfig } from './config.js';
import { openFileStore } from './files/store.js';
import { type RunningServer, startServer } from './server.js';
import { usersService } from './users/users.service.js';

export interface TestServer {
  /** http://127.0.0.1:PORT */
  url: string;
  server: RunningServer;
  config: Config;
  close(): Promise<void>;
  createUser(input: {
    username: string;
    password: string;
    role?: 'admin' | 'staff';
    first_name?: string;
    last_name?: string;
    email?: string;
  }): Promise<string>;
  /** Runs SQL against the server's database (for checks and for setting up states the API cannot reach). */
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

/**
 * The real server on a random port over a fresh database: in-memory PGlite, or a new database created
 * on the PostgreSQL server named by DATABASE_URL (dropped again on close). No demo data unless asked.
 * Files go to a temporary folder, or, with STORAGE_URL set, under a prefix of their own in that bucket
 * (emptied on close).
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const adminUrl = overrides.databaseUrl ?? process.env.DATABASE_URL;
  const base = loadConfig({ LOG_LEVEL: 'silent' });
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const created = await createTestDatabase(adminUrl);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const storage = overrides.storage ?? testStorage();
  const config: Config = {
    ...base,
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory',
    demoData: false,
    databasePoolSize: 5,
    ...overrides,
    databaseUrl,
    storage,
  };
  const cleanUp = async () => {
    await dropDatabase();
    if (!overrides.storage) await emptyStorage(storage);
  };
  const server = await startServer(config).catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });
  const url = server.url;
  return {
    url,
    server,
    config,
    async close() {
      await server.close();
      await cleanUp();
    },
    createUser: (input) => usersService(server.database).create({ role: 'staff', ...input }),
    async query(text, params = []) {
      const { sql } = await import('kysely');
      const compiled = sql.raw<Record<string, unknown>>(text).compile(server.database.db);
      const result = await server.database.db.executeQuery<Record<string, unknown>>({
        ...compiled,
        parameters: params,
      });
      return result.rows;
    },
  };
}

/** Local disk, or the bucket of STORAGE_URL under a fresh prefix. */
export function testStorage(storageUrl = process.env.STORAGE_URL): StorageConfig {
  if (!storageUrl) return { kind: 'disk' };
  const storage = loadConfig({ STORAGE_URL: storageUrl }).storage;
  if (storage.kind !== 's3') return storage;
  return { ...storage, prefix: `${storage.prefix}kt-test-${randomBytes(6).toString('hex')}/` };
}

/** Removes every file a test server left in its bucket prefix. */
async function emptyStorage(storage: StorageConfig) {
  if (storage.kind !== 's3') return;
  const store = await openFileStore({ dataDir: 'memory', storage });
  try {
    const keys: string[] = [];
    for await (const item of store.list()) keys.push(item.key);
    await store.remove(keys);
  } finally {
    await store.close();
  }
}

/** A new, empty database on the PostgreSQL server named by adminUrl, and a way to drop it again. */
export async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kt_test_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, async (client) => {
    await client.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
