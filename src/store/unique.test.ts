// A reference entry repeating another's unique code is refused on the device, naming the field; a
// deleted or different one, and a project's code (the server's to check), are not.

import { describe, expect, it } from 'vitest';
import { messages } from '../domain/messages';
import { deviceDb } from './testing';
import { LocalValidationError } from './validate';
import { saveRecord, updateRecord } from './writes';

const userId = '0193a000-0000-7000-8000-0000000000ab';

async function open() {
  const db = deviceDb(userId);
  await db.open();
  return { db, userId };
}

const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => null,
    (error: unknown) => (error instanceof LocalValidationError ? error.fieldErrors : error),
  );

describe('unique codes of reference lists on the device', () => {
  it('refuses a second port with one UN/LOCODE, or a vessel changed to another IMO number', async () => {
    const ctx = await open();
    await saveRecord(ctx, 'port', { name: 'Valencia', code: 'ESVLC' });
    expect(await refusal(saveRecord(ctx, 'port', { name: 'Valencia 2', code: 'es vlc' }))).toEqual({
      code: [messages.unique('port', 'code')],
    });
    expect(await ctx.db.rows('port').count()).toBe(1);
    expect(await ctx.db.outbox.count()).toBe(1);

    const first = await saveRecord(ctx, 'vessel', { name: 'Nordic Star', imo: '9074729' });
    const second = await saveRecord(ctx, 'vessel', { name: 'Nordic Starr' });
    expect(await refusal(updateRecord(ctx, 'vessel', second.id, { imo: 'IMO 9074729' }))).toEqual({
      imo: [messages.unique('vessel', 'imo')],
    });
    // Its own number again, another field changed, a deleted entry's number: saved.
    expect(await refusal(updateRecord(ctx, 'vessel', first.id, { imo: '9074729', dwt: 5000 }))).toBeNull();
    await ctx.db.rows('vessel').update(first.id, { deleted_at: '2026-11-26T10:00:00Z' });
    expect(await refusal(updateRecord(ctx, 'vessel', second.id, { imo: '9074729' }))).toBeNull();
  });

  it('leaves a project code to the server', async () => {
    const ctx = await open();
    await saveRecord(ctx, 'project', { name: 'One', code: 'KT-1' });
    expect(await refusal(saveRecord(ctx, 'project', { name: 'Two', code: 'KT-1' }))).toBeNull();
  });
});
