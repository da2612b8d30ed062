import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import { runMigrations } from '../../../server/db/migrate.js';
import { createTestDatabase } from '../../../server/testing.js';

const adminUrl = process.env.DATABASE_URL;
const MIGRATION_LOCK = 727274;

// Two servers starting at once on one PostgreSQL: the second waits for the first's migrations however
// long they take, even past the pool's statement limit, then finds them applied.
describe.runIf(adminUrl)('migrations while another server holds the migration lock', () => {
  let target: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    target = await createTestDatabase(adminUrl ?? '');
  });
  afterAll(async () => {
    await target?.drop();
  });

  it('waits past the statement limit, then migrates once', async () => {
    const holder = new pg.Client({ connectionString: target.url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const database = await openDatabase({
      databaseUrl: target.url,
      timeouts: { connectMs: 2000, queryMs: 300 },
    });
    try {
      let finished = false;
      const migrating = runMigrations(database).then(() => {
        finished = true;
      });
      // Three statement limits long: a single waiting statement would have been cancelled by now.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(finished).toBe(false);
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      await migrating;
      const { rows } = await holder.query<{ n: string }>('select count(*) as n from schema_migrations');
      expect(Number(rows[0]?.n)).toBeGreaterThan(5);
    } finally {
      await holder.end();
      await database.close();
    }
  });
});
