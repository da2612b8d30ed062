// What the backup tests share: the CLI run as an operator runs it, a server started on restored data,
// and the whole content of a database (every row of every table, the sequences) and of a file store.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'kysely';
import { type Config, loadConfig } from '../../../server/config.js';
import type { Database } from '../../../server/db/database.js';
import { openFileStore } from '../../../server/files/store.js';
import { type RunningServer, startServer } from '../../../server/server.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

export interface Run {
  code: number | null;
  output: string;
}

/** `npm run backup|restore -- args` with this environment (DATA_DIR, DATABASE_URL). */
export function cli(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<Run> {
  const entry = join(ROOT, 'server', 'cli', `${command}.ts`);
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', STORAGE_URL: '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

/** The real server on existing data (a restored DATA_DIR or database), on a random port. */
export function startOn(target: { dataDir: string; databaseUrl?: string }): Promise<RunningServer> {
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    port: 0,
    host: '127.0.0.1',
    demoData: false,
    databasePoolSize: 5,
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    storage: { kind: 'disk' },
  };
  return startServer(config);
}

/** Every row of every table (as JSON text, sorted) and every sequence's value. */
export async function contents(database: Database): Promise<Record<string, string[]>> {
  const tables = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' order by 1`.execute(database.db);
  const all: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<{
      row: string;
    }>`select to_jsonb(t)::text as row from ${sql.table(name)} t`.execute(database.db);
    all[name] = rows.rows.map((r) => r.row).sort();
  }
  const sequences = await sql<{ name: string; value: string | null }>`
    select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`.execute(
    database.db,
  );
  all['(sequences)'] = sequences.rows.map((r) => `${r.name}=${r.value}`).sort();
  return all;
}

/** Every stored file of a DATA_DIR's disk store: key to SHA-256. */
export async function storedFiles(dataDir: string): Promise<Record<string, string>> {
  const store = await openFileStore({ dataDir, storage: { kind: 'disk' } });
  const files: Record<string, string> = {};
  try {
    for await (const { key } of store.list()) {
      const hash = createHash('sha256');
      const body = await store.read(key);
      if (body) for await (const chunk of body) hash.update(chunk as Buffer);
      files[key] = hash.digest('hex');
    }
  } finally {
    await store.close();
  }
  return files;
}
