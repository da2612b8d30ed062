import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../domain/ids';
import type { LocalDb } from '../../store/db';
import { deviceDb, looseRows } from '../../store/testing';
import { emptyFilters, filtersFromParams, paramsFromFilters } from './filters';
import { listProjects } from './queries';
import { warmSearch } from './searchIndex';

let db: LocalDb;
afterEach(() => db?.close());

async function seed() {
  db = deviceDb();
  await db.open();
  const port = uuidv7();
  const vessel = uuidv7();
  await looseRows(db, 'port').put({ id: port, name: 'Valencia' });
  await looseRows(db, 'vessel').put({ id: vessel, name: 'Nordic Star' });
  const rows = Array.from({ length: 25 }, (_, i) => ({
    id: uuidv7(),
    code: `P${String(i).padStart(3, '0')}`,
    name: i % 5 === 0 ? `Coils ${i}` : `Granite ${i}`,
    init_date: `2026-01-${String(i + 1).padStart(2, '0')}`,
    end_date: null,
    port: i % 2 === 0 ? port : null,
    vessel: i < 3 ? vessel : null,
  }));
  rows.push({
    id: uuidv7(),
    code: 'NEW',
    name: 'Undated',
    init_date: null as unknown as string,
    end_date: null,
    port: null,
    vessel: null,
  });
  await looseRows(db, 'project').bulkPut(rows);
  return { port, vessel };
}

describe('projects list query', () => {
  it('pages by init_date descending with undated projects first', async () => {
    await seed();
    const first = await listProjects(db, emptyFilters, 1, 10);
    expect(first.total).toBe(26);
    expect(first.rows.map((r) => r.row.code)).toEqual([
      'NEW',
      'P024',
      'P023',
      'P022',
      'P021',
      'P020',
      'P019',
      'P018',
      'P017',
      'P016',
    ]);
    const last = await listProjects(db, emptyFilters, 3, 10);
    expect(last.rows.map((r) => r.row.code)).toEqual(['P005', 'P004', 'P003', 'P002', 'P001', 'P000']);
  });

  it('lists every project once in the same order on every page, both halves of the list, dates shared', async () => {
    db = deviceDb();
    await db.open();
    // 37 projects on 4 dates (ties read from both ends of the index), 2 undated; pages of 5.
    const rows = Array.from({ length: 37 }, (_, i) => ({
      id: uuidv7(),
      code: `S${i}`,
      name: `Ship ${i}`,
      init_date: i < 2 ? (null as unknown as string) : `2026-02-0${(i % 4) + 1}`,
      end_date: null,
    }));
    await looseRows(db, 'project').bulkPut(rows);
    const expected = [...rows]
      .sort((a, b) => {
        if (!a.init_date !== !b.init_date) return a.init_date ? 1 : -1;
        if (a.init_date !== b.init_date) return a.init_date < b.init_date ? 1 : -1;
        return a.id < b.id ? 1 : -1;
      })
      .map((row) => row.code);
    const seen: string[] = [];
    for (let page = 1; page <= 8; page++) {
      const read = await listProjects(db, emptyFilters, page, 5);
      expect(read.total).toBe(37);
      seen.push(...read.rows.map((r) => String(r.row.code)));
    }
    expect(seen).toEqual(expected);
  });

  it('filters by refs, search and date range, and joins names', async () => {
    const { port, vessel } = await seed();
    const byVessel = await listProjects(db, { ...emptyFilters, vessel }, 1, 10);
    expect(byVessel.rows.map((r) => r.row.code)).toEqual(['P002', 'P001', 'P000']);
    expect(byVessel.rows[0].vessel).toBe('Nordic Star');
    const coilsInValencia = await listProjects(db, { ...emptyFilters, search: 'coils', port }, 1, 10);
    expect(coilsInValencia.rows.map((r) => r.row.code)).toEqual(['P020', 'P010', 'P000']);
    expect(coilsInValencia.rows[0].port).toBe('Valencia');
    const range = await listProjects(
      db,
      { ...emptyFilters, initial_date_after: '2026-01-03', initial_date_before: '2026-01-05' },
      1,
      10,
    );
    expect(range.total).toBe(3);
  });

  it('searches code, name, voyage and dock in memory, and follows writes to the projects', async () => {
    await seed();
    const search = async (text: string) =>
      (await listProjects(db, { ...emptyFilters, search: text }, 1, 30)).rows.map((r) => r.row.code);
    expect(await search('P01')).toHaveLength(10);
    expect(await search('granite 2')).toEqual(['P024', 'P023', 'P022', 'P021', 'P002']);
    // Written after the entries were read: a rename, a new project, an end date.
    const p003 = (await db.rows('project').toArray()).find((row) => row.code === 'P003');
    if (!p003) throw new Error('P003 missing');
    await db
      .rows('project')
      .update(p003.id, { name: 'Silica sand', dock: 'Muelle Sur', end_date: '2026-03-01' });
    await looseRows(db, 'project').put({
      id: uuidv7(),
      code: 'SIL',
      name: 'More silica',
      init_date: '2026-02-01',
    });
    expect(await search('silica')).toEqual(['SIL', 'P003']);
    expect(await search('muelle sur')).toEqual(['P003']);
    expect(await search('granite 3')).toEqual([]);
    const ended = await listProjects(db, { ...emptyFilters, end_date_after: '2026-02-15' }, 1, 10);
    expect(ended.rows.map((r) => r.row.code)).toEqual(['P003']);
  });

  it('reads the search entries in chunks ahead of a search, and a write during that read is found', async () => {
    db = deviceDb();
    await db.open();
    // More rows than one chunk of the read (200): three chunks, the last one partial.
    const rows = Array.from({ length: 450 }, (_, i) => ({
      id: uuidv7(),
      code: `C${String(i).padStart(3, '0')}`,
      name: i === 449 ? 'Last barley' : `Cargo ${i}`,
      init_date: '2026-03-01',
    }));
    await looseRows(db, 'project').bulkPut(rows);
    const search = async (text: string) =>
      (await listProjects(db, { ...emptyFilters, search: text }, 1, 500)).rows.map((r) => r.row.code);
    // Warmed (pausing between chunks), and written to while the warm is under way.
    warmSearch(db);
    await looseRows(db, 'project').put({
      id: uuidv7(),
      code: 'NEWB',
      name: 'New barley',
      init_date: '2026-03-02',
    });
    expect(await search('barley')).toEqual(['NEWB', 'C449']);
    expect(await search('cargo')).toHaveLength(449);
    // A search while a warm is still reading takes its result (the same entries, no pause).
    await looseRows(db, 'project').update(rows[0].id, { name: 'Old barley' });
    warmSearch(db);
    expect(await search('barley')).toEqual(['NEWB', 'C449', 'C000']);
  });

  it('keeps filters and page in the address', () => {
    const filters = { ...emptyFilters, search: 'coil', status: 'abc', end_date_after: '2026-02-01' };
    const params = paramsFromFilters(filters, 3);
    expect(params.toString()).toBe('search=coil&end_date_after=2026-02-01&status=abc&page=3');
    expect(filtersFromParams(params)).toEqual({ filters, page: 3 });
    expect(filtersFromParams(new URLSearchParams('page=0&initial_date_after=nope')).page).toBe(1);
  });
});
