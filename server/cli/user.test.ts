import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, signIn } from '../../tests/api/http.js';
import { verifyPassword } from '../auth/passwords.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/database.js';
import { startServer } from '../server.js';
import { createTestDatabase } from '../testing.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const PASSWORD = 'Quay-Crane-42';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real command in its own process, with no terminal on stdin, as a script or CI would. */
function runCli(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(TSX, ['server/cli/user.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', NEW_USER_PASSWORD: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'kt-user-cli-'));
  temporary.push(dir);
  return dir;
}

async function storedUser(database: Database, username: string) {
  return database.db
    .selectFrom('users')
    .select(['username', 'role', 'first_name', 'last_name', 'email', 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
}

// Each case starts the command in a new process (tsx, PGlite, scrypt): slow on a busy 2-core machine.
const SLOW = { timeout: 180_000 };

describe('npm run user (embedded database)', SLOW, () => {
  // A folder that does not exist yet, two levels down.
  const dataDir = join(tempDir(), 'site', 'data');
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };

  it('explains itself with --help', async () => {
    const run = await runCli(['--help'], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('npm run user -- create <username>');
    expect(run.stdout).toContain('NEW_USER_PASSWORD');
  });

  it('refuses an unknown command or a missing user name, with the usage', async () => {
    const unknown = await runCli(['delete', 'marta'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command: delete');
    const missing = await runCli(['create'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Usage:');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('fails plainly without a password and without a terminal to ask for one', async () => {
    const run = await runCli(['create', 'marta'], env);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'No password: set NEW_USER_PASSWORD, or run this command in a terminal to be asked for it.',
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('creates the folder, the database and the user', async () => {
    const run = await runCli(
      [
        'create',
        'marta',
        '--admin',
        '--first-name',
        'Marta',
        '--last-name',
        'Ruiz',
        '--email',
        'm@port.test',
      ],
      { ...env, NEW_USER_PASSWORD: PASSWORD },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Prepared the database in ${dataDir}`);
    expect(run.stdout).toContain('User marta created (admin).');
  });

  it('creates a staff user by default', async () => {
    const staff = await runCli(['create', 'luis'], { ...env, NEW_USER_PASSWORD: PASSWORD });
    expect(staff.code).toBe(0);
    expect(staff.stdout.trim()).toBe('User luis created (staff).');
  });

  it('refuses a user name that exists, in any case', async () => {
    const run = await runCli(['create', 'MARTA'], { ...env, NEW_USER_PASSWORD: PASSWORD });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('username: A user with that username already exists.');
  });

  it('refuses a weak password with every reason', async () => {
    const run = await runCli(['create', 'pepe'], { ...env, NEW_USER_PASSWORD: '1234' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'password: This password is too short. It must contain at least 8 characters.',
    );
    expect(run.stderr).toContain('password: This password is entirely numeric.');
    expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('stored the users with hashed passwords and made no demo data', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const marta = await storedUser(database, 'marta');
      expect(marta).toMatchObject({
        role: 'admin',
        first_name: 'Marta',
        last_name: 'Ruiz',
        email: 'm@port.test',
      });
      expect(await verifyPassword(PASSWORD, marta?.password_hash ?? '')).toBe(true);
      expect(await storedUser(database, 'pepe')).toBeUndefined();
      const users = await database.db.selectFrom('users').select('username').orderBy('username').execute();
      expect(users.map((user) => user.username)).toEqual(['luis', 'marta']);
      const seeded = await database.db
        .selectFrom('app_meta')
        .select('key')
        .where('key', '=', 'seeded')
        .execute();
      expect(seeded).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('says plainly that the database is in use by a running server, and exits with 2', async () => {
    // A real server started on that folder, answering while the command runs.
    const server = await startServer({
      ...loadConfig({ LOG_LEVEL: 'silent' }),
      host: '127.0.0.1',
      port: 0,
      dataDir,
      demoData: false,
    });
    try {
      const run = await runCli(['create', 'pepe'], { ...env, NEW_USER_PASSWORD: PASSWORD });
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(
        `The embedded database in ${dataDir} is in use by a running server (process ${process.pid}). ` +
          'Stop that server first, or run this command against a PostgreSQL database with DATABASE_URL.',
      );
      expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('lets the new user sign in to a server started on that folder', async () => {
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent' }),
      host: '127.0.0.1',
      port: 0,
      dataDir,
      demoData: false,
    };
    const server = await startServer(config);
    try {
      const api = apiClient(server.url);
      const token = await signIn(api, 'marta', PASSWORD);
      const me = await api('GET', '/api/users/me/', { token });
      expect(me.body).toMatchObject({ username: 'marta', first_name: 'Marta', role: 'admin' });
    } finally {
      await server.close();
    }
  });
});

const adminUrl = process.env.DATABASE_URL;
describe.runIf(adminUrl)('npm run user (PostgreSQL)', SLOW, () => {
  let database: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase(adminUrl ?? '');
  });
  afterAll(() => database?.drop());

  it('migrates an empty database and creates the user there', async () => {
    const env = { DATABASE_URL: database.url, DATA_DIR: join(tempDir(), 'unused') };
    const run = await runCli(['create', 'erp-admin', '--admin'], { ...env, NEW_USER_PASSWORD: PASSWORD });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Prepared the PostgreSQL database');
    expect(run.stdout).toContain('User erp-admin created (admin).');
    expect(existsSync(env.DATA_DIR)).toBe(false);
    const again = await runCli(['create', 'erp-admin'], { ...env, NEW_USER_PASSWORD: PASSWORD });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('username: A user with that username already exists.');
    const db = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
    try {
      const user = await storedUser(db, 'erp-admin');
      expect(user?.role).toBe('admin');
      expect(await verifyPassword(PASSWORD, user?.password_hash ?? '')).toBe(true);
    } finally {
      await db.close();
    }
  });
});
