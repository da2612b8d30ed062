import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownMigrations } from '../backup/manifest.js';
import type { Database } from './database.js';
import { runMigrations } from './migrate.js';
import { RENAMED_MIGRATIONS } from './renamed-migrations.js';
import { openScratchDatabase } from './seed/scratch-database.js';

// A database migrated before some migrations were renamed recorded their old names: the migrator must
// take them for the renamed ones (not apply them again) and record the new names. PGlite, and PostgreSQL
// with DATABASE_URL.

let database: Database;
beforeAll(async () => {
  database = await openScratchDatabase();
});
afterAll(async () => {
  await database?.close();
});

const recorded = async () =>
  (
    await sql<{ name: string }>`select name from schema_migrations order by name`.execute(database.db)
  ).rows.map((row) => row.name);

describe('renamed migrations', () => {
  it('a database that recorded the old names is upgraded without applying them again', async () => {
    for (const [old, now] of Object.entries(RENAMED_MIGRATIONS))
      await sql`update schema_migrations set name = ${old} where name = ${now}`.execute(database.db);
    expect(await recorded()).toEqual(expect.arrayContaining(Object.keys(RENAMED_MIGRATIONS)));

    const log: string[] = [];
    await runMigrations(database, (line) => log.push(line));

    expect(log.filter((line) => line.endsWith(' applied'))).toEqual([]);
    expect(log).toEqual(
      expect.arrayContaining(
        Object.entries(RENAMED_MIGRATIONS).map(([old, now]) => `migration ${old} recorded as ${now}`),
      ),
    );
    expect(await recorded()).toEqual(knownMigrations());

    // Once renamed, a start finds nothing to do.
    const again: string[] = [];
    await runMigrations(database, (line) => again.push(line));
    expect(again.filter((line) => line.startsWith('migration '))).toEqual([]);
  });

  it('every new name is a migration of this release, and no two migrations share a number', () => {
    const known = knownMigrations();
    for (const now of Object.values(RENAMED_MIGRATIONS)) expect(known).toContain(now);
    const numbers = known.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
