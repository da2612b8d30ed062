import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.js';
import { timestampToIso } from './parsers.js';

// Every engine must hand the same JavaScript values to the code above it, whatever the process's time zone.
const SELECT = sql<Record<string, unknown>>`select
  9007199254740991::int8 as big, 12::int4 as int, 1.50::numeric(10, 2) as amount, 0.1::float8 as ratio,
  '2026-03-29'::date as day, '0099-01-01'::date as old_day, null::date as no_day,
  '2026-03-29 01:30:00.123456'::timestamp as local_time,
  '2026-03-29 01:30:00.123456+02'::timestamptz as instant, '2026-03-29 01:30:00+05:30'::timestamptz as india,
  'infinity'::timestamptz as forever, '-infinity'::timestamp as never, 'infinity'::date as last_day,
  '1 day 02:00'::interval as span, true as flag, '{"a": [1, "b"]}'::jsonb as doc, array['a', 'b']::text[] as words,
  array[1, 2]::int8[] as bigs, array[1.5, 2]::numeric[] as amounts, array['2026-01-01', null]::date[] as days,
  array['2026-01-01 10:00']::timestamp[] as local_times, array['2026-01-01 10:00+01']::timestamptz[] as instants,
  sum(2::int8) as int8_sum, count(*) as counted,
  '2026-01-01 00:30+00'::timestamptz::date as cast_day, current_setting('TimeZone') as time_zone`;

const EXPECTED = {
  big: 9007199254740991,
  int: 12,
  amount: '1.50',
  ratio: 0.1,
  day: '2026-03-29',
  old_day: '0099-01-01',
  no_day: null,
  local_time: '2026-03-29T01:30:00.123Z',
  instant: '2026-03-28T23:30:00.123Z',
  india: '2026-03-28T20:00:00.000Z',
  forever: 'infinity',
  never: '-infinity',
  last_day: 'infinity',
  span: '1 day 02:00:00',
  flag: true,
  doc: { a: [1, 'b'] },
  words: ['a', 'b'],
  bigs: [1, 2],
  amounts: ['1.5', '2'],
  days: ['2026-01-01', null],
  local_times: ['2026-01-01T10:00:00.000Z'],
  instants: ['2026-01-01T09:00:00.000Z'],
  int8_sum: '2',
  counted: 1,
  cast_day: '2026-01-01',
  time_zone: 'UTC',
};

const engines: Array<{ name: string; open(): Promise<Database> }> = [
  { name: 'PGlite in memory', open: () => openDatabase({ dataDir: 'memory' }) },
  { name: 'PGlite on disk', open: () => openDatabase({ dataDir: join(tempDir(), 'data') }) },
];
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) engines.push({ name: 'PostgreSQL', open: () => openDatabase({ databaseUrl, poolSize: 2 }) });

const temporary: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'kt-db-'));
  temporary.push(dir);
  return dir;
}

const processTimeZone = process.env.TZ;
beforeAll(() => {
  // Far from UTC, so a value read or sent in local time shows.
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  if (processTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = processTimeZone;
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe.each(engines)('$name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database?.close());

  it('returns the agreed JavaScript value for each type', async () => {
    const { rows } = await SELECT.execute(database.db);
    expect(rows[0]).toEqual(EXPECTED);
  });

  it('sends Date parameters as the same instant, and reads them back alike', async () => {
    const when = new Date('2026-01-01T01:30:00.250Z');
    const { rows } = await sql<Record<string, unknown>>`select ${when}::timestamptz as instant,
      ${when}::timestamp as local_time, ${when}::date as day, ${'2026-01-01T01:30:00.250Z'}::timestamptz as text_instant`.execute(
      database.db,
    );
    expect(rows[0]).toEqual({
      instant: '2026-01-01T01:30:00.250Z',
      local_time: '2026-01-01T01:30:00.250Z',
      day: '2026-01-01',
      text_instant: '2026-01-01T01:30:00.250Z',
    });
  });

  it('keeps values through a table round trip', async () => {
    const row = await database.db.transaction().execute(async (trx) => {
      await sql`create temporary table kt_round_trip (n int8, amount numeric(12, 3), day date, at timestamptz) on commit drop`.execute(
        trx,
      );
      await sql`insert into kt_round_trip values (${42}, ${'12.345'}, ${'2026-02-28'}, ${'2026-02-28T23:59:59.999Z'})`.execute(
        trx,
      );
      const { rows } = await sql<Record<string, unknown>>`select * from kt_round_trip`.execute(trx);
      return rows[0];
    });
    expect(row).toEqual({ n: 42, amount: '12.345', day: '2026-02-28', at: '2026-02-28T23:59:59.999Z' });
  });
});

describe('timestampToIso', () => {
  it.each([
    ['2026-03-29 01:30:00', '2026-03-29T01:30:00.000Z'],
    ['2026-03-29 01:30:00.5', '2026-03-29T01:30:00.500Z'],
    ['2026-03-29 01:30:00.123456-03', '2026-03-29T04:30:00.123Z'],
    ['1890-01-01 00:00:00+00:19:32', '1889-12-31T23:40:28.000Z'],
    ['0099-06-01 12:00:00+00', '0099-06-01T12:00:00.000Z'],
    ['infinity', 'infinity'],
    ['0044-03-15 12:00:00 BC', '0044-03-15 12:00:00 BC'],
  ])('%s -> %s', (text, iso) => {
    expect(timestampToIso(text)).toBe(iso);
  });
});
