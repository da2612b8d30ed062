// The tally against the real server: two prompters validate the same packing item offline; the second
// validation is a conflict naming who validated it, never a silent overwrite, and never counted twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardEntry } from '../store/attention';
import { needsAttention } from '../store/queries';
import { updateRecord } from '../store/writes';
import { lookupIds, makeDevice, type SyncServer, startSyncServer, type TestUser } from './testing/harness';

let server: SyncServer;
let first: TestUser;
let second: TestUser;

beforeAll(async () => {
  server = await startSyncServer();
  first = await server.user('prompter_north');
  second = await server.user('prompter_south');
});
afterAll(() => server?.close());

describe('tally', () => {
  it('a second validation of one item is a conflict naming who validated it; discard shows theirs', async () => {
    const a = await makeDevice(server, first);
    const b = await makeDevice(server, second);
    await a.pull();
    const { inProgress } = await lookupIds(a.db);
    const coil = (await a.db.rows('commodity').toArray()).find((row) => row.code === 'coil');
    const project = await server.rest<{ id: string }>(first, 'POST', '/api/project/', {
      name: 'MV Tally',
      status: inProgress,
    });
    const item = await server.rest<{ id: string }>(first, 'POST', '/api/packing-list/', {
      project: project.body.id,
      reference: 'CX-1001',
      commodity: coil?.id,
      net_weight: '21500',
    });
    expect(item.status).toBe(201);
    await a.pull();
    await b.pull();
    expect(await b.row('packing-list', item.body.id)).toMatchObject({
      reference: 'CX-1001',
      validated: false,
    });

    const validate = (user: TestUser, at: string) => ({
      validated: true,
      validation_datetime: at,
      validation_prompter_identifier: user.id,
      processed_quantity: '1.000',
    });
    await updateRecord(a.ctx, 'packing-list', item.body.id, validate(first, '2026-11-22T10:00:00Z'));
    await updateRecord(b.ctx, 'packing-list', item.body.id, validate(second, '2026-11-22T10:01:00Z'));
    expect(await a.push()).toMatchObject({ applied: 1 });
    expect(await b.push()).toMatchObject({ applied: 0, needsAttention: 1 });

    const [conflict] = await needsAttention(b.db);
    expect(conflict.entry.outcome).toBe('conflict');
    expect(conflict.entry.detail).toContain('prompter_north');
    // Its key beside it, which the sync panel words in its user's language (describe.ts conflictDetail).
    expect(conflict.entry.detail_key).toEqual({
      key: 'sync.validated_at',
      values: { who: 'prompter_north', at: expect.any(String) },
    });
    expect(conflict.entry.server_row).toMatchObject({
      validated: true,
      validation_prompter_identifier: first.id,
    });
    // The prompter's own tally stays in view, marked, until they decide.
    expect(conflict.local).toMatchObject({
      validation_prompter_identifier: second.id,
      _sync: 'needs_attention',
    });

    await discardEntry(b.db, conflict.entry.mutation_id);
    expect(await b.row('packing-list', item.body.id)).toMatchObject({
      validated: true,
      validation_prompter_identifier: first.id,
      processed_quantity: '1.000',
    });
    const remote = await server.rest(first, 'GET', `/api/packing-list/${item.body.id}/`);
    expect(remote.body).toMatchObject({ validated: true, processed_quantity: '1.000' });
  });
});
