import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../domain/ids';
import { setActiveStore } from '../../store/active';
import type { LocalDb } from '../../store/db';
import { deviceDb, looseRows } from '../../store/testing';
import { checkReference, handCounts, lastLift, projectReferences, undoLift, validateLift } from './tally';

let db: LocalDb;
const user = uuidv7();
const project = uuidv7();
const hand = uuidv7();
const coil = uuidv7();

/** A coil of the project, on board, not validated. */
const item = (reference: string) => ({
  id: uuidv7(),
  version: 1,
  project,
  reference,
  commodity: coil,
  quantity: '1.000',
  processed_quantity: '0.000',
  net_weight: '12500.000',
  location: 'onboard',
  label_color: [],
  damage: [],
  validated: false,
  requires_attention: false,
});

beforeEach(async () => {
  db = deviceDb(user);
  await db.open();
  setActiveStore({ db, userId: user });
  await looseRows(db, 'users').put({ id: user, username: 'marta', first_name: 'Marta', last_name: 'Ruiz' });
  await looseRows(db, 'commodity').put({ id: coil, name: 'Coil', code: 'coil' });
  await looseRows(db, 'packing-list').bulkPut(Array.from({ length: 5 }, (_, i) => item(`CX-1000${i + 1}`)));
});
afterEach(() => {
  setActiveStore(null);
  db.close();
});

const index = () => ({ current: null });

describe('tally on the local store', () => {
  it("reads a project's references once for the hand pages opened one after another, again after an import", async () => {
    const first = projectReferences(db, project);
    // A second hand page opened while the first read is under way waits for that read.
    const second = projectReferences(db, project);
    expect(await second).toBe(await first);
    expect((await first).size).toBe(5);
    expect(await projectReferences(db, project)).toBe(await first);
    await looseRows(db, 'packing-list').put(item('CX-20001'));
    const after = await projectReferences(db, project);
    expect(after).not.toBe(await first);
    expect(after.size).toBe(6);
    expect(after.match('20001')).toEqual({ kind: 'unique', reference: 'CX-20001' });
    // Another project's references are its own.
    expect((await projectReferences(db, uuidv7())).size).toBe(0);
  });

  it("forgets the project's references when the user signs out (the sync lifecycle closes the store)", async () => {
    const first = await projectReferences(db, project);
    expect(await projectReferences(db, project)).toBe(first);
    // What sign-out does to the store (src/sync/lifecycle.ts, stop): nothing of that session is kept.
    setActiveStore(null);
    setActiveStore({ db, userId: user });
    const after = await projectReferences(db, project);
    expect(after).not.toBe(first);
    expect(after.size).toBe(5);
  });

  it('validates a lift in one go, counts it, refuses it twice, and undoes it', async () => {
    const a = await checkReference(db, project, index(), '0001', []);
    const b = await checkReference(db, project, index(), '10002', []);
    if (!a.ok || !b.ok) throw new Error('not found');
    expect(await checkReference(db, project, index(), '10002', [b.item])).toMatchObject({
      ok: false,
      refusal: { kind: 'duplicate', reference: 'CX-10002' },
    });
    expect(await checkReference(db, project, index(), '999', [])).toMatchObject({
      ok: false,
      refusal: { kind: 'unknown' },
    });

    const liftId = await validateLift(db, [a.item, b.item], { handId: hand, hold: 3, prompterId: user });
    const rows = await db.rows('packing-list').where('lift_id').equals(liftId).toArray();
    expect(
      rows.map((row) => [
        row.reference,
        row.validated,
        row.validation_hold,
        row.processed_quantity,
        row._sync,
      ]),
    ).toEqual([
      ['CX-10001', true, 3, '1.000', 'pending'],
      ['CX-10002', true, 3, '1.000', 'pending'],
    ]);
    const outbox = await db.outbox.toArray();
    expect(outbox.map((entry) => [entry.op, entry.data?.validation_prompter_identifier])).toEqual([
      ['update', user],
      ['update', user],
    ]);
    expect(await handCounts(db, hand)).toMatchObject({ items: 2, units: '2', tonnes: '25.00', lifts: 1 });
    expect(await checkReference(db, project, index(), '10001', [])).toMatchObject({
      ok: false,
      refusal: { kind: 'validated', by: 'Marta Ruiz (marta)' },
    });

    const last = await lastLift(db, hand);
    expect(last?.items).toHaveLength(2);
    await undoLift(db, last?.items ?? []);
    expect(await handCounts(db, hand)).toMatchObject({ items: 0, lifts: 0 });
    const back = await db
      .rows('packing-list')
      .where('[project+reference]')
      .equals([project, 'CX-10001'])
      .first();
    expect(back).toMatchObject({
      validated: false,
      processed_quantity: '0.000',
      lift_id: null,
      validation_hand: null,
    });
  });
});
