// The upgrade from the release before issue 16: a database seeded with English-only reference lists
// and ports without time zones gets every seeded entry's Spanish name and every seeded port's zone
// from migration 0020 (the same values as the seed's, lookup-data.ts), leaves what an admin added or
// named alone, and gives the changed rows a new seq so tablets pull them.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import type { Database } from './database.js';
import { runMigrations } from './migrate.js';
import * as data from './seed/lookup-data.js';
import { openScratchDatabase } from './seed/scratch-database.js';

let database: Database;
let seqBefore = 0;

/** Inserts rows as the previous release's seed did: English names only. */
async function insertOld(table: string, column: string, values: readonly string[]) {
  for (const value of values)
    await sql`insert into ${sql.table(table)} (id, ${sql.ref(column)}) values (${uuidv7()}, ${value})`.execute(
      database.db,
    );
}

async function spanish(table: string, column: string, es: string) {
  const result = await sql<{ en: string; es: string | null }>`
    select ${sql.ref(column)} as en, ${sql.ref(es)} as es from ${sql.table(table)} order by 1`.execute(
    database.db,
  );
  return Object.fromEntries(result.rows.map((row) => [row.en, row.es]));
}

beforeAll(async () => {
  database = await openScratchDatabase({ before: '0020_reference_languages.sql' });
  const db = database.db;
  for (const [code, name] of data.countries)
    await sql`insert into country (id, code, name) values (${uuidv7()}, ${code}, ${name})`.execute(db);
  for (const row of data.commodities)
    await sql`insert into commodity (id, code, name) values (${uuidv7()}, ${row.code}, ${row.name})`.execute(
      db,
    );
  for (const row of data.incidenceTypes)
    await sql`insert into incidence_type (id, code, name) values (${uuidv7()}, ${row.code}, ${row.name})`.execute(
      db,
    );
  for (const row of data.projectActivities)
    await sql`insert into project_activity (id, name, operation) values (${uuidv7()}, ${row.name}, ${row.operation})`.execute(
      db,
    );
  for (const [description, kind, attribution] of data.eventTypes)
    await sql`insert into event (id, description, kind, delay_attribution) values (${uuidv7()}, ${description}, ${kind}, ${attribution})`.execute(
      db,
    );
  for (const [code, name] of data.ports)
    await sql`insert into port (id, code, name) values (${uuidv7()}, ${code}, ${name})`.execute(db);
  await insertOld(
    'project_status',
    'name',
    data.projectStatuses.map(([en]) => en),
  );
  await insertOld(
    'report_status',
    'description',
    data.reportStatuses.map(([en]) => en),
  );
  await insertOld(
    'incidence_status',
    'name',
    data.incidenceStatuses.map(([en]) => en),
  );
  await insertOld('crane_type', 'name', [...data.craneTypes.map(([en]) => en), 'Reach stacker']);
  // An admin's own entry, and a port of their own: no Spanish name or zone is made up for them.
  await sql`insert into port (id, code, name) values (${uuidv7()}, 'ESPMI', 'Palma')`.execute(db);
  const seq = await sql<{ max: string }>`select max(seq) as max from port`.execute(db);
  seqBefore = Number(seq.rows[0]?.max);
  await runMigrations(database);
});

afterAll(async () => {
  await database?.close();
});

describe('upgrading a database of the previous release (migration 0020)', () => {
  it("gives every seeded entry the seed's Spanish name", async () => {
    expect(await spanish('country', 'name', 'name_es')).toEqual(
      Object.fromEntries(data.countries.map(([, en, es]) => [en, es])),
    );
    expect(await spanish('commodity', 'name', 'name_es')).toEqual(
      Object.fromEntries(data.commodities.map((row) => [row.name, row.name_es])),
    );
    expect(await spanish('incidence_type', 'name', 'name_es')).toEqual(
      Object.fromEntries(data.incidenceTypes.map((row) => [row.name, row.name_es])),
    );
    expect(await spanish('project_activity', 'name', 'name_es')).toEqual(
      Object.fromEntries(data.projectActivities.map((row) => [row.name, row.name_es])),
    );
    expect(await spanish('event', 'description', 'description_es')).toEqual(
      Object.fromEntries(data.eventTypes.map(([en, , , es]) => [en, es])),
    );
    expect(await spanish('project_status', 'name', 'name_es')).toEqual(
      Object.fromEntries(data.projectStatuses),
    );
    expect(await spanish('report_status', 'description', 'description_es')).toEqual(
      Object.fromEntries(data.reportStatuses),
    );
    expect(await spanish('incidence_status', 'name', 'name_es')).toEqual(
      Object.fromEntries(data.incidenceStatuses),
    );
    expect(await spanish('crane_type', 'name', 'name_es')).toEqual({
      ...Object.fromEntries(data.craneTypes),
      'Reach stacker': null,
    });
  });

  it('gives seeded ports their time zone and Spanish name, a new seq and version; others are left', async () => {
    const result = await sql<{
      code: string;
      time_zone: string | null;
      name_es: string | null;
      seq: string;
      version: number;
    }>`select code, time_zone, name_es, seq, version from port`.execute(database.db);
    const ports = new Map(result.rows.map((row) => [row.code, row]));
    for (const [code, , , zone, es] of data.ports) {
      expect(ports.get(code), code).toMatchObject({ time_zone: zone, name_es: es ?? null, version: 2 });
      expect(Number(ports.get(code)?.seq), code).toBeGreaterThan(seqBefore);
    }
    expect(ports.get('ESPMI')).toMatchObject({ time_zone: null, name_es: null, version: 1 });
  });
});
