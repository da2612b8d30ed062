import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../domain/ids';
import type { LocalDb } from '../store/db';
import type { LocalRow } from '../store/schema';
import { deviceDb, looseRows } from '../store/testing';
import { labelOf, namesOf, searchLookup } from './lookups';

let db: LocalDb | undefined;
afterEach(() => db?.close());

async function device(users: Partial<LocalRow>[], vessels: string[] = []): Promise<LocalDb> {
  db = deviceDb();
  await db.open();
  await looseRows(db, 'users').bulkPut(users.map((user) => ({ id: uuidv7(), ...user }) as LocalRow));
  await looseRows(db, 'vessel').bulkPut(vessels.map((name) => ({ id: uuidv7(), name }) as LocalRow));
  return db;
}

const labels = async (db: LocalDb, resource: 'users' | 'vessel', typed: string, limit?: number) =>
  (await searchLookup(db, resource, typed, limit)).map((option) => option.label);

describe('searching a lookup', () => {
  it('finds a user by surname or first name, not only by how the username starts', async () => {
    const local = await device([
      { username: 'pedro', first_name: 'Pedro', last_name: 'Gil' },
      { username: 'gilberto', first_name: 'Gilberto', last_name: 'Sanz' },
      { username: 'marta', first_name: 'Marta', last_name: 'Ruiz' },
    ]);
    // The username's start first (the index), then the rest by any part of the name shown.
    expect(await labels(local, 'users', 'gil')).toEqual(['Gilberto Sanz (gilberto)', 'Pedro Gil (pedro)']);
    expect(await labels(local, 'users', 'RUIZ')).toEqual(['Marta Ruiz (marta)']);
    expect(await labels(local, 'users', 'nobody')).toEqual([]);
  });

  it('ignores accents both ways, and a word inside a vessel name', async () => {
    const local = await device(
      [{ username: 'jpena', first_name: 'José', last_name: 'Peña' }],
      ['Maersk Cádiz', 'Cadiz Express', 'Atlantic Star'],
    );
    expect(await labels(local, 'users', 'pena')).toEqual(['José Peña (jpena)']);
    expect(await labels(local, 'users', 'josé')).toEqual(['José Peña (jpena)']);
    expect((await labels(local, 'vessel', 'cadiz')).sort()).toEqual(['Cadiz Express', 'Maersk Cádiz']);
    expect(await labels(local, 'vessel', 'star')).toEqual(['Atlantic Star']);
  });

  it('keeps to the limit, prefix matches first, and lists the first ones when nothing is typed', async () => {
    const local = await device(
      [],
      Array.from({ length: 30 }, (_, i) => `Vessel ${String(i).padStart(2, '0')}`).concat('Blue Vessel'),
    );
    const found = await labels(local, 'vessel', 'vessel', 20);
    expect(found).toHaveLength(20);
    expect(found.every((label) => label.startsWith('Vessel'))).toBe(true);
    expect(await labels(local, 'vessel', 'blue vessel')).toEqual(['Blue Vessel']);
    expect(await labels(local, 'vessel', '', 3)).toEqual(['Blue Vessel', 'Vessel 00', 'Vessel 01']);
  });
});

describe('naming a translated lookup', () => {
  it('shows and finds a port by its Spanish name on a Spanish screen, its English one otherwise', async () => {
    db = deviceDb();
    await db.open();
    const antwerp = { id: uuidv7(), name: 'Antwerp', name_es: 'Amberes', code: 'BEANR' } as LocalRow;
    const valencia = { id: uuidv7(), name: 'Valencia', name_es: null, code: 'ESVLC' } as LocalRow;
    await looseRows(db, 'port').bulkPut([antwerp, valencia]);
    expect(labelOf('port', antwerp, 'es')).toBe('Amberes');
    expect(labelOf('port', antwerp, 'en')).toBe('Antwerp');
    expect(labelOf('port', valencia, 'es')).toBe('Valencia');
    const search = async (typed: string, language: string) =>
      (await searchLookup(db as LocalDb, 'port', typed, 20, language)).map((option) => option.label);
    expect(await search('amber', 'es')).toEqual(['Amberes']);
    expect(await search('antw', 'es')).toEqual(['Amberes']);
    expect(await search('amber', 'en')).toEqual([]);
    const names = await namesOf(db, 'port', [antwerp.id, valencia.id], 'es');
    expect([...names.values()]).toEqual(['Amberes', 'Valencia']);
  });
});
