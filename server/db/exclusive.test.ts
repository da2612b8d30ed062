// Background work in one process at a time: with two server processes on one PostgreSQL database, the
// second to try the daily purge while the first runs it skips its turn; the embedded database runs it.
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing.js';
import { openDatabase } from './database.js';
import { runExclusive } from './exclusive.js';

const adminUrl = process.env.DATABASE_URL;

describe('runExclusive', () => {
  it.skipIf(!adminUrl)(
    'lets one of two processes on one PostgreSQL run the work; the other skips',
    async () => {
      const created = await createTestDatabase(String(adminUrl));
      const [first, second] = await Promise.all([
        openDatabase({ databaseUrl: created.url, poolSize: 2 }),
        openDatabase({ databaseUrl: created.url, poolSize: 2 }),
      ]);
      try {
        let release = () => {};
        const holding = new Promise<void>((resolve) => {
          release = resolve;
        });
        let ran = 0;
        const running = runExclusive(first, 42, async () => {
          ran++;
          await holding;
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(await runExclusive(second, 42, async () => void ran++)).toBe(false);
        release();
        expect(await running).toBe(true);
        // Once the first is done, the next turn runs.
        expect(await runExclusive(second, 42, async () => void ran++)).toBe(true);
        expect(ran).toBe(2);
      } finally {
        await Promise.all([first.close(), second.close()]);
        await created.drop();
      }
    },
  );

  it('runs the work at once on the embedded database (one process)', async () => {
    const database = await openDatabase({ dataDir: 'memory' });
    try {
      let ran = false;
      expect(
        await runExclusive(database, 42, async () => {
          ran = true;
        }),
      ).toBe(true);
      expect(ran).toBe(true);
    } finally {
      await database.close();
    }
  });
});
