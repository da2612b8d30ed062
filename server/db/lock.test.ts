import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

describe('lockDataDir', () => {
  it('creates the folder and a lock naming this process, removed on release', () => {
    const dir = join(tempDir(), 'new', 'data');
    const release = lockDataDir(dir);
    const file = join(dir, 'pgdata.lock');
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a second lock in the same process', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    try {
      expect(() => lockDataDir(dir)).toThrow(DatabaseBusyError);
    } finally {
      release();
    }
    lockDataDir(dir)();
  });

  it('refuses a folder held by another live process, naming it', () => {
    const dir = tempDir();
    const pid = liveProcess();
    writeFileSync(join(dir, 'pgdata.lock'), JSON.stringify({ pid }));
    expect(() => lockDataDir(dir)).toThrow(`is in use by a running server (process ${pid})`);
    expect(JSON.parse(readFileSync(join(dir, 'pgdata.lock'), 'utf8')).pid).toBe(pid);
  });

  it('takes over a lock left by a process that has died, in either file format', () => {
    for (const content of [JSON.stringify({ pid: deadPid() }), String(deadPid()), '', 'garbage']) {
      const dir = tempDir();
      writeFileSync(join(dir, 'pgdata.lock'), content);
      const release = lockDataDir(dir);
      expect(JSON.parse(readFileSync(join(dir, 'pgdata.lock'), 'utf8')).pid).toBe(process.pid);
      release();
    }
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over a lock whose pid now belongs to another process',
    () => {
      const dir = tempDir();
      writeFileSync(join(dir, 'pgdata.lock'), JSON.stringify({ pid: liveProcess(), started: '1' }));
      const release = lockDataDir(dir);
      expect(JSON.parse(readFileSync(join(dir, 'pgdata.lock'), 'utf8')).pid).toBe(process.pid);
      release();
    },
  );

  it('leaves a lock that another process took in the meantime on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    const other = JSON.stringify({ pid: liveProcess() });
    writeFileSync(join(dir, 'pgdata.lock'), other);
    release();
    expect(readFileSync(join(dir, 'pgdata.lock'), 'utf8')).toBe(other);
  });
});
