// The upgrade to the scopes' high-water marks (migration 0070): a database of the release before gets
// each scope's mark from the rows it holds (a container report counted in the global scope whatever its
// project, the audit log in none), so the first quiet pull after the upgrade misses nothing; after it,
// the triggers keep the marks, and a write that changes nothing moves none.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import type { Database } from './database.js';
import { runMigrations } from './migrate.js';
import { openScratchDatabase } from './seed/scratch-database.js';

let database: Database;
const project = uuidv7();
const event = uuidv7();
const projectEvent = uuidv7();
const report = uuidv7();

const seqOf = async (table: string, id: string) =>
  Number(
    (await sql<{ seq: string }>`select seq from ${sql.table(table)} where id = ${id}`.execute(database.db))
      .rows[0]?.seq,
  );

const marks = async () => {
  const rows = await sql<{ scope: string; mark: string }>`select scope, mark from sync_scope_mark`.execute(
    database.db,
  );
  return Object.fromEntries(rows.rows.map((row) => [row.scope, Number(row.mark)]));
};

const audit = () =>
  sql`insert into audit_log (resource, record_id, action, version, changes) values ('project', ${project}, 'update', 2, '{}')`.execute(
    database.db,
  );

beforeAll(async () => {
  database = await openScratchDatabase({ before: '0070_sync_scope_mark.sql' });
  const db = database.db;
  await sql`insert into project (id, name) values (${project}, 'Upgraded call')`.execute(db);
  await sql`insert into event (id, description, kind, delay_attribution) values (${event}, 'Rain', 'stoppage', 'weather')`.execute(
    db,
  );
  await sql`insert into project_event (id, project, event, init_date) values (${projectEvent}, ${project}, ${event}, now())`.execute(
    db,
  );
  await sql`insert into container_report (id, container_number, project) values (${report}, 'MSCU1234565', ${project})`.execute(
    db,
  );
  await audit();
  await runMigrations(database);
});

afterAll(async () => {
  await database?.close();
});

describe('upgrading to the scopes high-water marks (migration 0070)', () => {
  it('marks each scope at the highest seq of its rows, the audit log counted in none', async () => {
    expect(await marks()).toEqual({
      global: await seqOf('container_report', report),
      [`project:${project}`]: await seqOf('project_event', projectEvent),
    });
  });

  it('moves the mark of the scope a write touches, and no mark for a write that changes nothing', async () => {
    const before = await marks();
    await sql`update project_event set init_date = init_date where id = ${projectEvent}`.execute(database.db);
    await audit();
    expect(await marks()).toEqual(before);
    await sql`update project_event set notes = 'wet' where id = ${projectEvent}`.execute(database.db);
    await sql`update container_report set container_number = 'MSCU7654321' where id = ${report}`.execute(
      database.db,
    );
    expect(await marks()).toEqual({
      global: await seqOf('container_report', report),
      [`project:${project}`]: await seqOf('project_event', projectEvent),
    });
  });
});
