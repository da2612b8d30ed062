// PGlite's files may be opened by one process only; two would corrupt them. The lock is
// proper-lockfile's (a folder made atomically, its mtime refreshed while its holder lives, taken over
// once it goes stale), beside a note naming the holder (pid and start time) so that a second opener
// is refused at once with the holder's pid, and a lock whose holder has died is taken over without
// waiting when the folder is already stale, or as soon as it turns stale otherwise.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

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

/** How long a lock not refreshed by its holder is kept (the holder refreshes it every half of it). */
const STALE_MS = 10_000;
/** How often a lock whose holder has died is tried again until it turns stale. */
const RETRY_MS = 500;

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
    // Lock files of releases before proper-lockfile hold the pid alone, or this JSON.
    const holder = (text.startsWith('{') ? JSON.parse(text) : { pid: Number.parseInt(text, 10) }) as Holder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null;
  } catch {
    return null;
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

interface Paths {
  dataDir: string;
  /** proper-lockfile's folder. */
  lock: string;
  /** Who holds it. */
  note: string;
}

/** Throws DatabaseBusyError when a live process (this one included) holds the folder. */
function refuseLiveHolder({ dataDir, lock, note }: Paths): void {
  let isFolder: boolean;
  try {
    isFolder = statSync(lock).isDirectory();
  } catch {
    return;
  }
  if (isFolder) {
    const holder = readHolder(note);
    if (holder && isAlive(holder)) throw new DatabaseBusyError(dataDir, holder.pid);
    return;
  }
  // The lock file of a release before proper-lockfile: its holder may still run (then it is refused);
  // left by a process that has died, it is removed.
  const holder = readHolder(lock);
  if (holder && isAlive(holder)) throw new DatabaseBusyError(dataDir, holder.pid);
  try {
    unlinkSync(lock);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT' && errorCode(error) !== 'EISDIR') throw error;
  }
}

/**
 * Locks the embedded database's folder for this process; a second opener (another process or this
 * one) fails with DatabaseBusyError naming the holder. `staleMs` is for tests (2 s at least).
 */
export async function lockDataDir(dataDir: string, { staleMs = STALE_MS } = {}): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const paths: Paths = { dataDir, lock: join(dataDir, 'pgdata.lock'), note: join(dataDir, 'pgdata.pid') };
  const options = {
    lockfilePath: paths.lock,
    realpath: false,
    stale: staleMs,
    // Not refreshed within `stale` (a machine asleep, an event loop stalled): another opener still
    // sees this live process in the note and is refused, so the server goes on; it says so.
    onCompromised: (error: Error) => process.emitWarning(`The lock of ${dataDir}: ${error.message}`),
  };
  refuseLiveHolder(paths);
  try {
    await lockfile.lock(dataDir, options);
  } catch (error) {
    if (errorCode(error) !== 'ELOCKED') throw error;
    // Its note may have been written meanwhile; without a live holder, the lock is one a process
    // left when it died (or one still being taken): proper-lockfile takes it once it turns stale.
    refuseLiveHolder(paths);
    const retries = {
      retries: Math.ceil(staleMs / RETRY_MS) + 2,
      factor: 1,
      minTimeout: RETRY_MS,
      maxTimeout: RETRY_MS,
    };
    await lockfile.lock(dataDir, { ...options, retries }).catch((again: unknown) => {
      if (errorCode(again) === 'ELOCKED')
        throw new DatabaseBusyError(dataDir, readHolder(paths.note)?.pid ?? 0);
      throw again;
    });
  }
  const me: Holder = { pid: process.pid, started: startTime(process.pid) };
  const draft = `${paths.note}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(me));
  renameSync(draft, paths.note);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // A note naming another process: it took the lock over (this one's had gone stale); leave both.
    if (readHolder(paths.note)?.pid !== process.pid) return;
    rmSync(paths.note, { force: true });
    try {
      lockfile.unlockSync(dataDir, { lockfilePath: paths.lock, realpath: false });
    } catch (error) {
      if (errorCode(error) !== 'ENOTACQUIRED') throw error;
    }
  };
}
