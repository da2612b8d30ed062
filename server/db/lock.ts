import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DatabaseBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by a running server (process ${pid}). ` +
        'Stop that server first, or run this command against a PostgreSQL database with DATABASE_URL.',
    );
    this.name = 'DatabaseBusyError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite's files may be opened by one process only; two would corrupt them. A lock file holding the
 * owner's pid makes a second opener fail with a plain message. A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'pgdata.lock');
  let holder: number | null = null;
  try {
    holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    holder = null;
  }
  if (holder && holder !== process.pid && isAlive(holder)) throw new DatabaseBusyError(dataDir, holder);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
