import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

interface Holder {
  pid: number;
  /** The process's start time from /proc (Linux), so a reused pid is not taken for the holder. */
  started?: string;
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive({ pid, started }: Holder): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTime(pid);
  return started === undefined || now === undefined || now === started;
}

function readHolder(file: string): Holder | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    // Older lock files hold the pid alone.
    const holder = (text.startsWith('{') ? JSON.parse(text) : { pid: Number.parseInt(text, 10) }) as Holder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null;
  } catch {
    return null;
  }
}

/**
 * Creates the lock file only if there is none, complete with its content (written aside, then
 * hard-linked into place): two processes starting at once cannot both succeed, nor see a half-written file.
 */
function createExclusive(file: string, content: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, content);
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  // A file system without hard links: exclusive create, then write.
  try {
    writeFileSync(file, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Folders locked by this process: a second PGlite on the same files, even in-process, would corrupt them. */
const heldHere = new Set<string>();

/**
 * PGlite's files may be opened by one process only; two would corrupt them. A lock file, created
 * exclusively and holding the owner's pid and start time, makes a second opener (another process or
 * this one) fail with a plain message. A lock left by a process that has died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const key = resolve(dataDir);
  const file = join(dataDir, 'pgdata.lock');
  if (heldHere.has(key)) throw new DatabaseBusyError(dataDir, process.pid);
  const me: Holder = { pid: process.pid, started: startTime(process.pid) };
  const content = JSON.stringify(me);
  for (let attempt = 0; ; attempt++) {
    if (createExclusive(file, content)) break;
    const holder = readHolder(file);
    if (holder && isAlive(holder) && holder.pid !== process.pid)
      throw new DatabaseBusyError(dataDir, holder.pid);
    if (attempt >= 3) throw new DatabaseBusyError(dataDir, holder?.pid ?? 0);
    // Stale (its process is gone, or it was ours and never removed): take it over, unless another
    // process has just done so.
    const again = readHolder(file);
    if (JSON.stringify(again) === JSON.stringify(holder)) rmSync(file, { force: true });
  }
  heldHere.add(key);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(key);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
}
