import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';

const temporary: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'kt-pglite-'));
  temporary.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database on disk', () => {
  it('is created in a new folder, keeps its rows and opens again', async () => {
    const dataDir = join(tempDir(), 'data');
    const first = await openDatabase({ dataDir });
    expect(existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    await first.exec("CREATE TABLE kept (name text); INSERT INTO kept VALUES ('bollard')");
    await first.close();

    const again = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ name: string }>`select name from kept`.execute(again.db);
      expect(rows).toEqual([{ name: 'bollard' }]);
    } finally {
      await again.close();
    }
  });

  it('says plainly when the database cannot be created, and leaves the folder unlocked', async () => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(dataDir);
    // A file where the database's folder should be: initdb cannot make it.
    writeFileSync(join(dataDir, 'pgdata'), 'not a folder');
    await expect(openDatabase({ dataDir })).rejects.toThrow(/Creating the embedded database failed/);
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);
  });
});
