import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseBusyError, lockDataDir } from './lock.js';

const temporary: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'kt-lock-'));
  temporary.push(dir);
  return dir;
}
/** A process that stays alive until the tests end. */
function liveProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
  children.push(child);
  if (!child.pid) throw new Error('could not start a process');
  return child.pid;
}
/** The pid of a process that has ended. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '0']);
  if (!pid) throw new Error('could not start a process');
  return pid;
}
/** The lock a process left in `dir` (its folder, `ageMs` old, and its note). */
function leftLock(dir: string, note: string, ageMs: number) {
  mkdirSync(join(dir, 'pgdata.lock'));
  const then = new Date(Date.now() - ageMs);
  utimesSync(join(dir, 'pgdata.lock'), then, then);
  writeFileSync(join(dir, 'pgdata.pid'), note);
}
const holderPid = (dir: string) => JSON.parse(readFileSync(join(dir, 'pgdata.pid'), 'utf8')).pid;

describe('lockDataDir', () => {
  it('creates the folder and a lock naming this process, removed on release', async () => {
    const dir = join(tempDir(), 'new', 'data');
    const release = await lockDataDir(dir);
    expect(holderPid(dir)).toBe(process.pid);
    expect(existsSync(join(dir, 'pgdata.lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'pgdata.lock'))).toBe(false);
    expect(existsSync(join(dir, 'pgdata.pid'))).toBe(false);
  });

  it('refuses a second lock in the same process', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(DatabaseBusyError);
    } finally {
      release();
    }
    (await lockDataDir(dir))();
  });

  it('refuses a folder held by another live process, naming it', async () => {
    const dir = tempDir();
    const pid = liveProcess();
    leftLock(dir, JSON.stringify({ pid }), 0);
    await expect(lockDataDir(dir)).rejects.toThrow(`is in use by a running server (process ${pid})`);
    expect(holderPid(dir)).toBe(pid);
    expect(existsSync(join(dir, 'pgdata.lock'))).toBe(true);
  });

  it('refuses a folder held by a running server of a release before proper-lockfile (its lock file)', async () => {
    const dir = tempDir();
    const pid = liveProcess();
    writeFileSync(join(dir, 'pgdata.lock'), String(pid));
    await expect(lockDataDir(dir)).rejects.toThrow(`is in use by a running server (process ${pid})`);
    expect(readFileSync(join(dir, 'pgdata.lock'), 'utf8')).toBe(String(pid));
  });

  it('takes over a lock left by a process that has died, in either file format', async () => {
    const left = [
      (dir: string) => leftLock(dir, JSON.stringify({ pid: deadPid() }), 60_000),
      // Lock files of earlier releases: JSON, the pid alone, empty, unreadable.
      ...[JSON.stringify({ pid: deadPid() }), String(deadPid()), '', 'garbage'].map(
        (content) => (dir: string) => writeFileSync(join(dir, 'pgdata.lock'), content),
      ),
    ];
    for (const leave of left) {
      const dir = tempDir();
      leave(dir);
      const release = await lockDataDir(dir);
      expect(holderPid(dir)).toBe(process.pid);
      release();
    }
  });

  it('takes over the fresh lock of a process that has just died once it turns stale (a restart after a crash)', async () => {
    const dir = tempDir();
    leftLock(dir, JSON.stringify({ pid: deadPid() }), 0);
    const release = await lockDataDir(dir, { staleMs: 2000 });
    expect(holderPid(dir)).toBe(process.pid);
    release();
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over a lock whose pid now belongs to another process',
    async () => {
      const dir = tempDir();
      leftLock(dir, JSON.stringify({ pid: liveProcess(), started: '1' }), 60_000);
      const release = await lockDataDir(dir);
      expect(holderPid(dir)).toBe(process.pid);
      release();
    },
  );

  it('leaves a lock that another process took in the meantime on release', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    const other = JSON.stringify({ pid: liveProcess() });
    writeFileSync(join(dir, 'pgdata.pid'), other);
    release();
    expect(readFileSync(join(dir, 'pgdata.pid'), 'utf8')).toBe(other);
    expect(existsSync(join(dir, 'pgdata.lock'))).toBe(true);
  });
});
