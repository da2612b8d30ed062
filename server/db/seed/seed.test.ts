import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFields } from '../../../src/domain/columns.js';
import { uuidv7 } from '../../../src/domain/ids.js';
import { resourceNames, resources } from '../../../src/domain/registry.js';
import type { Database } from '../database.js';
import { containerCheckDigit } from './demo-records.js';
import { type DemoSummary, seedDemoData, seedLookups } from './index.js';
import { openScratchDatabase } from './scratch-database.js';

let database: Database;
let summary: DemoSummary | null;
const users = { admin: uuidv7(), staff: uuidv7() };

async function rows(table: string) {
  const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
  return result.rows;
}

beforeAll(async () => {
  database = await openScratchDatabase();
  for (const [username, id] of Object.entries(users)) {
    await sql`insert into users (id, username, role, password_hash) values (${id}, ${username}, ${username}, 'x')`.execute(
      database.db,
    );
  }
  await seedLookups(database.db);
  summary = await seedDemoData(database.db, { now: new Date('2026-11-22T09:00:00Z') });
});

afterAll(async () => {
  await database?.close();
});

describe('seed', () => {
  it('fills every lookup of product-decisions.md', async () => {
    const names = async (table: string, column = 'name') =>
      (await rows(table)).map((row) => row[column]).sort();
    expect(await names('project_status')).toEqual(['Closed', 'Completed', 'In progress', 'Planned']);
    expect(await names('report_status', 'description')).toEqual(['Completed', 'Draft']);
    expect(await names('incidence_status')).toEqual(['Closed', 'In progress', 'Open', 'Resolved']);
    expect(await names('incidence_type', 'code')).toEqual(['internal', 'provider']);
    expect(await names('project_activity', 'operation')).toEqual(['Charge', 'Discharge']);
    expect(await names('commodity', 'code')).toEqual(['aluminium', 'coil', 'granite', 'other']);
    expect((await rows('crane_type')).length).toBeGreaterThan(3);
    expect((await rows('port')).length).toBeGreaterThan(10);
    expect((await rows('vessel')).length).toBeGreaterThan(3);
    expect((await rows('accounts')).length).toBeGreaterThan(3);
    const events = await rows('event');
    expect(events.find((row) => row.description === 'Working shift')?.kind).toBe('working');
    expect(events.find((row) => row.description === 'Rain')).toMatchObject({
      kind: 'stoppage',
      delay_attribution: 'weather',
    });
    expect(events).toHaveLength(15);
  });

  it('names every seeded reference entry in Spanish, and gives every port its time zone', async () => {
    for (const name of resourceNames) {
      const resource = resources[name];
      const pair = 'translated' in resource ? resource.translated : undefined;
      if (!pair) continue;
      for (const row of await rows(resource.table)) {
        if (name === 'port') continue;
        expect(row[pair.es], `${name} ${String(row[pair.en])}`).toMatch(/\S/);
      }
    }
    const ports = await rows('port');
    for (const port of ports)
      expect(port.time_zone, String(port.code)).toMatch(/^(Europe|Asia|America)\/\w+$/);
    expect(ports.find((port) => port.code === 'BEANR')).toMatchObject({
      name: 'Antwerp',
      name_es: 'Amberes',
    });
    const english = new Set((await rows('event')).map((row) => row.description));
    for (const row of await rows('event'))
      expect(english.has(row.description_es), String(row.description_es)).toBe(false);
  });

  it('makes one coil discharge with its whole story', async () => {
    expect(summary?.rows).toMatchObject({
      project: 1,
      packing_list: 1500,
      hand: 3,
      incidence: 2,
      coil_report: 1,
      sof_report: 1,
      prompter_report: 1,
      container_report: 1,
    });
    const packing = await rows('packing_list');
    const validated = packing.filter((row) => row.validated);
    expect(validated.length).toBeGreaterThan(200);
    expect(validated.length).toBeLessThan(1500);
    expect(new Set(validated.map((row) => row.lift_id)).size).toBeLessThan(validated.length);
    for (const row of validated) {
      expect(row.validation_hand).toBeTruthy();
      expect(row.validation_hold).toBeGreaterThan(0);
      expect(row.validation_prompter_identifier).toBe(users.staff);
    }
    expect(packing[0].reference).toMatch(/^CL-26-\d{6}$/);
    const weights = packing.map((row) => Number(row.net_weight));
    expect(Math.min(...weights)).toBeGreaterThanOrEqual(8000);
    expect(Math.max(...weights)).toBeLessThanOrEqual(25_000);
  });

  it('puts hands only under working-shift events, in the project', async () => {
    const result = await sql<{ kind: string; project: string; event_project: string }>`
      select e.kind, h.project, pe.project as event_project
      from hand h join project_event pe on pe.id = h.event join event e on e.id = pe.event`.execute(
      database.db,
    );
    expect(result.rows).toHaveLength(3);
    for (const row of result.rows) {
      expect(row.kind).toBe('working');
      expect(row.project).toBe(summary?.project);
      expect(row.event_project).toBe(summary?.project);
    }
    for (const table of ['hand_event', 'hand_incidence']) {
      for (const row of await rows(table)) expect(row.project).toBe(summary?.project);
    }
  });

  it('stores only rows the domain schemas accept, unchanged by a round trip', async () => {
    for (const name of resourceNames) {
      const resource = resources[name];
      if (resource.externalTable) continue;
      const fields = allFields(resource);
      for (const row of await rows(resource.table)) {
        const writable: Record<string, unknown> = {};
        for (const field of Object.keys(resource.fields)) {
          // PostgreSQL reads a time as HH:mm:ss; the domain keeps minutes.
          const value = row[field];
          writable[field] =
            fields[field].info.kind === 'time' && typeof value === 'string' ? value.slice(0, 5) : value;
        }
        const parsed = resource.schema.safeParse(writable);
        expect(parsed.success ? [] : parsed.error.issues, `${name} ${String(row.id)}`).toEqual([]);
        if (parsed.success) expect(parsed.data, name).toEqual(writable);
      }
    }
  });

  it('runs once: a second call adds nothing', async () => {
    const before = (await rows('port')).length;
    await seedLookups(database.db);
    expect(await seedDemoData(database.db)).toBeNull();
    expect((await rows('port')).length).toBe(before);
    expect((await rows('packing_list')).length).toBe(1500);
  });

  it('numbers the container as ISO 6346 says', async () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    const [report] = await rows('container_report');
    expect(report.container_number).toMatch(/^[A-Z]{4}\d{7}$/);
  });
});
