import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../domain/ids';
import type { LocalDb } from '../../store/db';
import { deviceDb, looseRows } from '../../store/testing';
import { emptyFilters, filtersFromParams, paramsFromFilters } from './filters';
import { containerPage } from './queries';

let db: LocalDb;
afterEach(() => db?.close());

async function seed() {
  db = deviceDb();
  await db.open();
  const marta = uuidv7();
  const draft = uuidv7();
  await looseRows(db, 'users').put({ id: marta, username: 'marta', first_name: 'Marta', last_name: 'Ruiz' });
  await looseRows(db, 'report-status').put({ id: draft, description: 'Draft' });
  await looseRows(db, 'container-report').bulkPut([
    { id: uuidv7(), container_number: 'MSCU1234565', date: '2026-11-01', manager: marta, status: draft },
    { id: uuidv7(), container_number: 'TGHU 765432-1', date: '2026-11-10', manager: null, status: null },
    // Made offline without a date: still listed (last).
    { id: uuidv7(), container_number: 'CAIU5550001', date: null, manager: marta, status: null },
  ]);
  return { marta, draft };
}

describe('container reports list query', () => {
  it('lists newest date first, undated last, with manager first and last name and status', async () => {
    await seed();
    const page = await containerPage(db, emptyFilters, 1, 10);
    expect(page.rows.map(({ row }) => row.container_number)).toEqual([
      'TGHU 765432-1',
      'MSCU1234565',
      'CAIU5550001',
    ]);
    expect(page.rows[1]).toMatchObject({ manager: 'Marta Ruiz', status: 'Draft' });
  });

  it('filters by number (spaces and dashes ignored), date range, manager and status', async () => {
    const { marta, draft } = await seed();
    const total = async (filters: Partial<typeof emptyFilters>) =>
      (await containerPage(db, { ...emptyFilters, ...filters }, 1, 10)).total;
    expect(await total({ container_number: '7654321' })).toBe(1);
    expect(await total({ container_number: 'mscu' })).toBe(1);
    expect(await total({ date_after: '2026-11-05' })).toBe(1);
    expect(await total({ date_before: '2026-11-05' })).toBe(1);
    expect(await total({ manager: marta })).toBe(2);
    expect(await total({ status: draft })).toBe(1);
  });

  it('keeps filters and page in the address', () => {
    const params = paramsFromFilters(
      { ...emptyFilters, container_number: 'MSCU', date_after: '2026-11-01' },
      3,
    );
    expect(params.toString()).toBe('container_number=MSCU&date_after=2026-11-01&page=3');
    expect(filtersFromParams(new URLSearchParams('date_after=yesterday&page=2'))).toEqual({
      filters: emptyFilters,
      page: 2,
    });
  });
});
