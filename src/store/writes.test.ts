import { describe, expect, it } from 'vitest';
import { uuidv7Time } from '../domain/ids';
import { messages } from '../domain/messages';
import { pendingState, rowState } from './queries';
import { deviceDb, looseRows } from './testing';
import { LocalValidationError } from './validate';
import { removeRecord, saveRecord, updateRecord } from './writes';

const userId = '0193a000-0000-7000-8000-0000000000aa';

async function open() {
  const db = deviceDb(userId);
  await db.open();
  return { db, userId };
}

describe('local writes', () => {
  it('save writes the row and its outbox entry together, with a UUIDv7 id and growing seq', async () => {
    const ctx = await open();
    const first = await saveRecord(ctx, 'project', { name: ' Star Lindesnes 2411 ', number_gangs: '3' });
    const second = await saveRecord(ctx, 'project', { name: 'Second' });
    expect(uuidv7Time(first.id)).not.toBeNull();
    const row = await ctx.db.rows('project').get(first.id);
    expect(row).toMatchObject({ name: 'Star Lindesnes 2411', number_gangs: 3, data_entry_completed: false });
    expect(rowState(row ?? {})).toBe('pending');
    const entries = await ctx.db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => [entry.op, entry.record_id, entry.seq])).toEqual([
      ['create', first.id, 1],
      ['create', second.id, 2],
    ]);
    expect(entries[0].data).toEqual({
      name: 'Star Lindesnes 2411',
      number_gangs: 3,
      data_entry_completed: false,
    });
    expect(entries[0]).toMatchObject({ user_id: userId, state: 'pending', attempts: 0, base_version: null });
    expect(await pendingState(ctx.db, 'project', first.id)).toBe('pending');
  });

  it('refuses bad input with field errors and saves nothing', async () => {
    const ctx = await open();
    const attempt = saveRecord(ctx, 'project', { name: '', init_date: '2026-11-20', end_date: '2026-11-19' });
    await expect(attempt).rejects.toBeInstanceOf(LocalValidationError);
    const error = await attempt.catch((caught: unknown) => caught);
    expect(error instanceof LocalValidationError && Object.keys(error.fieldErrors).sort()).toEqual([
      'end_date',
      'name',
    ]);
    expect(await ctx.db.rows('project').count()).toBe(0);
    expect(await ctx.db.outbox.count()).toBe(0);
    // The refused save took no seq.
    await saveRecord(ctx, 'project', { name: 'ok' });
    expect((await ctx.db.outbox.toArray())[0].seq).toBe(1);
  });

  it('refuses what the server refuses: a null for a field that is never null, text it cannot store', async () => {
    const ctx = await open();
    const { id } = await saveRecord(ctx, 'project', { name: 'MV Nulls' });
    const refused = async (attempt: Promise<unknown>) => {
      const error = await attempt.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LocalValidationError);
      return error instanceof LocalValidationError ? error.fieldErrors : {};
    };
    expect(await refused(updateRecord(ctx, 'project', id, { data_entry_completed: null }))).toEqual({
      data_entry_completed: [messages.null],
    });
    expect(
      await refused(saveRecord(ctx, 'project', { id, name: 'MV Nulls', data_entry_completed: null })),
    ).toEqual({ data_entry_completed: [messages.null] });
    expect(await refused(updateRecord(ctx, 'project', id, { remarks: 'nul \u0000 inside' }))).toEqual({
      remarks: [messages.nullCharacters],
    });
    expect(await refused(saveRecord(ctx, 'project', { name: 'lone \ud800 surrogate' }))).toEqual({
      name: [messages.string],
    });
    // Nothing queued but the create; on a create a null still stands for the default.
    expect((await ctx.db.outbox.toArray()).map((entry) => entry.op)).toEqual(['create']);
    const other = await saveRecord(ctx, 'project', { name: 'Defaults', data_entry_completed: null });
    expect(await ctx.db.rows('project').get(other.id)).toMatchObject({ data_entry_completed: false });
  });

  it('keeps each update a separate mutation carrying only the changed fields, in order', async () => {
    const ctx = await open();
    const { id } = await saveRecord(ctx, 'project', { name: 'A', dock: 'D1' });
    const one = await updateRecord(ctx, 'project', id, { number_gangs: 2, dock: 'D1' });
    const two = await updateRecord(ctx, 'project', id, { number_gangs: 4, remarks: 'late' });
    const same = await updateRecord(ctx, 'project', id, { number_gangs: 4 });
    expect(same.mutation_id).toBeNull();
    const entries = await ctx.db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => entry.data)).toEqual([
      { name: 'A', dock: 'D1', data_entry_completed: false },
      { number_gangs: 2 },
      { number_gangs: 4, remarks: 'late' },
    ]);
    expect(entries[1].depends_on).toEqual([entries[0].mutation_id]);
    expect(entries[2].depends_on).toEqual([one.mutation_id]);
    expect(two.mutation_id).toBe(entries[2].mutation_id);
    expect(await ctx.db.rows('project').get(id)).toMatchObject({
      name: 'A',
      number_gangs: 4,
      remarks: 'late',
    });
  });

  it('a full save of an existing record queues only the fields that differ', async () => {
    const ctx = await open();
    const { id } = await saveRecord(ctx, 'project', { name: 'A', dock: 'D1' });
    const row = await ctx.db.rows('project').get(id);
    await saveRecord(ctx, 'project', { ...row, dock: 'D2' });
    const last = (await ctx.db.outbox.orderBy('seq').toArray()).at(-1);
    expect(last).toMatchObject({ op: 'update', data: { dock: 'D2' } });
  });

  it('a child of a record created offline waits for that create; derived refs are set locally', async () => {
    const ctx = await open();
    const project = await saveRecord(ctx, 'project', { name: 'P' });
    const eventType = '0193a000-0000-7000-8000-0000000000e1';
    const event = await saveRecord(ctx, 'project-event', {
      project: project.id,
      event: eventType,
      init_date: '2026-11-22T06:00:00Z',
    });
    const hand = await saveRecord(ctx, 'hand', { event: event.id, description: 'Gang 2' });
    const entries = await ctx.db.outbox.orderBy('seq').toArray();
    expect(entries[1].depends_on).toEqual([project.mutation_id]);
    expect(entries[2].depends_on).toEqual([event.mutation_id]);
    // The server derives a hand's project from its event; the device does the same.
    expect(await ctx.db.rows('hand').get(hand.id)).toMatchObject({ project: project.id, event: event.id });
  });

  it('removing a record never sent forgets it with its queued changes', async () => {
    const ctx = await open();
    const { id } = await saveRecord(ctx, 'project', { name: 'A' });
    await updateRecord(ctx, 'project', id, { dock: 'x' });
    const result = await removeRecord(ctx, 'project', id);
    expect(result.mutation_id).toBeNull();
    expect(await ctx.db.outbox.count()).toBe(0);
    expect(await ctx.db.rows('project').count()).toBe(0);
    expect(await ctx.db.server_rows.count()).toBe(0);
  });

  it('removing a record the server has queues a delete', async () => {
    const ctx = await open();
    const id = '0193a000-0000-7000-8000-0000000000b1';
    await looseRows(ctx.db, 'project').put({ id, version: 3, name: 'Synced', seq: 10 });
    const result = await removeRecord(ctx, 'project', id);
    expect(await ctx.db.outbox.get(result.mutation_id ?? '')).toMatchObject({
      op: 'delete',
      record_id: id,
      base_version: 3,
      data: null,
    });
    expect(await ctx.db.rows('project').get(id)).toBeUndefined();
    expect((await ctx.db.server_rows.toArray())[0]).toMatchObject({
      id,
      version: 3,
      row: { name: 'Synced' },
    });
  });

  it('refuses at once what the role may not do (the server would refuse it too)', async () => {
    const { db } = await open();
    const staff = { db, userId, role: () => 'staff' as const };
    const admin = { db, userId, role: () => 'admin' as const };
    const { id } = await saveRecord(staff, 'project', { name: 'Staff may create' });
    await expect(removeRecord(staff, 'project', id)).rejects.toBeInstanceOf(LocalValidationError);
    await expect(saveRecord(staff, 'project-status', { name: 'x' })).rejects.toBeInstanceOf(
      LocalValidationError,
    );
    await expect(saveRecord(admin, 'users', { username: 'x' })).rejects.toBeInstanceOf(LocalValidationError);
    expect(await db.rows('project').get(id)).toBeDefined();
    await saveRecord(admin, 'project-status', { name: 'Admins edit lookups' });
    expect(await db.outbox.count()).toBe(2);
  });
});
