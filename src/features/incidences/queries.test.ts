import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../domain/ids';
import type { LocalDb } from '../../store/db';
import { deviceDb, looseRows } from '../../store/testing';
import { emptyIncidenceFilters, incidencePage } from './queries';

let db: LocalDb;
afterEach(() => db?.close());

async function seed() {
  db = deviceDb();
  await db.open();
  const project = uuidv7();
  const other = uuidv7();
  const [ana, ben] = [uuidv7(), uuidv7()];
  const [open, provider] = [uuidv7(), uuidv7()];
  await looseRows(db, 'users').bulkPut([
    { id: ana, username: 'ana', first_name: 'Ana', last_name: 'Mar' },
    { id: ben, username: 'ben', first_name: '', last_name: '' },
  ]);
  await looseRows(db, 'incidence-status').put({ id: open, name: 'Open' });
  await looseRows(db, 'incidence-type').put({ id: provider, name: 'Provider' });
  const rows = Array.from({ length: 12 }, (_, i) => ({
    id: uuidv7(),
    project,
    description: i === 3 ? 'Crane stopped' : `Coil dent ${i}`,
    type: i % 2 === 0 ? provider : null,
    status: open,
    detect: ana,
    manager: i === 5 ? ben : ana,
    users_interested: i < 2 ? [ben] : [],
  }));
  await looseRows(db, 'incidence').bulkPut([
    ...rows,
    { id: uuidv7(), project: other, description: 'Elsewhere' },
  ]);
  return { project, ana, ben, provider, ids: rows.map((row) => row.id) };
}

describe('incidence list query', () => {
  it("pages the project's incidences newest first with names", async () => {
    const { project, ids } = await seed();
    const first = await incidencePage(db, project, emptyIncidenceFilters, 1);
    expect(first.total).toBe(12);
    expect(first.rows.map(({ row }) => row.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(first.rows[1]?.names).toEqual({
      type: 'Provider',
      status: 'Open',
      detect: 'Ana Mar (ana)',
      manager: 'Ana Mar (ana)',
    });
    expect((await incidencePage(db, project, emptyIncidenceFilters, 2)).rows).toHaveLength(2);
  });

  it('filters by description (any case), type, manager and users interested', async () => {
    const { project, ben, provider } = await seed();
    const page = (filters: Partial<typeof emptyIncidenceFilters>) =>
      incidencePage(db, project, { ...emptyIncidenceFilters, ...filters }, 1);
    expect((await page({ description: 'crane' })).total).toBe(1);
    expect((await page({ type: provider })).total).toBe(6);
    expect((await page({ manager: ben })).rows[0]?.names.manager).toBe('ben');
    expect((await page({ users_interested: ben })).total).toBe(2);
    expect((await page({ users_interested: ben, type: provider })).total).toBe(1);
  });
});
