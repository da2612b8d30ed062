import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '../../../server/config.js';
import { type RunningServer, startServer } from '../../../server/server.js';
import { createTestDatabase } from '../../../server/testing.js';
import { type CreateUserInput, usersService } from '../../../server/users/users.service.js';
import type { BenchContext } from '../lib.js';

export type Engine = BenchContext['engines'][number];

export interface BenchServer {
  engine: Engine;
  /** http://127.0.0.1:PORT */
  url: string;
  server: RunningServer;
  createUser(input: Omit<CreateUserInput, 'role'> & { role?: CreateUserInput['role'] }): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real server on a random port, quiet, over the engine asked for: PGlite in a temporary folder on
 * disk (as in production, not in memory), or a new database on the PostgreSQL server of DATABASE_URL.
 * Both are removed on close.
 */
export async function startBenchServer(
  engine: Engine,
  ctx: BenchContext,
  overrides: Partial<Config> = {},
): Promise<BenchServer> {
  let cleanUp = async () => {};
  let databaseUrl: string | undefined;
  let dataDir = 'memory';
  if (engine === 'postgres') {
    if (!ctx.databaseUrl) throw new Error('the postgres engine needs DATABASE_URL');
    const created = await createTestDatabase(ctx.databaseUrl);
    databaseUrl = created.url;
    cleanUp = created.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'kt-bench-'));
    dataDir = join(dir, 'data');
    cleanUp = async () => rmSync(dir, { recursive: true, force: true });
  }
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    host: '127.0.0.1',
    port: 0,
    demoData: false,
    ...overrides,
    dataDir,
    databaseUrl,
  };
  const server = await startServer(config).catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });
  return {
    engine,
    url: server.url,
    server,
    createUser: (input) => usersService(server.database).create({ role: 'staff', ...input }),
    async close() {
      await server.close();
      await cleanUp();
    },
  };
}
