// pg_dump, pg_restore and psql for PostgreSQL's part of a backup. Found in POSTGRES_BIN_DIR, else in
// Debian's /usr/lib/postgresql/<major>/bin (newest first, as .ci/run finds the server's), else on PATH.
// A pg_dump older than the server refuses to dump it: the newest one is taken, and a missing one is
// named with the package that brings it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BackupError } from './manifest.js';

const DEBIAN = '/usr/lib/postgresql';

export type PostgresTool = 'pg_dump' | 'pg_restore' | 'psql';

function candidates(binDir: string | undefined): string[] {
  if (binDir) return [binDir];
  const versions = existsSync(DEBIAN)
    ? readdirSync(DEBIAN)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return [
    ...versions.map((version) => join(DEBIAN, version, 'bin')),
    ...(process.env.PATH ?? '').split(':').filter(Boolean),
  ];
}

export function findTool(tool: PostgresTool, binDir?: string): string {
  for (const dir of candidates(binDir)) {
    const path = join(dir, tool);
    if (existsSync(path)) return path;
  }
  throw new BackupError(
    `${tool} was not found${binDir ? ` in POSTGRES_BIN_DIR (${binDir})` : ''}. It is needed to back up ` +
      'or restore a PostgreSQL database: install the PostgreSQL client of the same major version as the ' +
      'server or newer (Debian: apt-get install postgresql-client), or set POSTGRES_BIN_DIR to its folder.',
  );
}

/**
 * The connection for the tools' environment, so no password shows in the process list:
 * the URL without its password as --dbname, the password in PGPASSWORD.
 */
export function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

export interface Run {
  /** The child's standard input, when asked for. */
  stdin: NodeJS.WritableStream | null;
  stdout: NodeJS.ReadableStream | null;
  /** Resolves when the tool exits 0; rejects with its own words otherwise. */
  done: Promise<void>;
}

/** Runs a tool; its standard error is kept for the message if it fails. */
export function runTool(
  path: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  pipes: { stdin?: boolean; stdout?: boolean } = {},
): Run {
  const child = spawn(path, args, {
    env,
    stdio: [pipes.stdin ? 'pipe' : 'ignore', pipes.stdout ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 64 * 1024) stderr += chunk.toString();
  });
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (error) => reject(new BackupError(`${path} could not run: ${error.message}`)));
    child.once('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(
              `${path.split('/').pop()} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`,
            ),
          ),
    );
  });
  return { stdin: child.stdin, stdout: child.stdout, done };
}
