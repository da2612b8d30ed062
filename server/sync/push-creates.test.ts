// A push's creates of new records are written together (push-creates.ts), and answer as they would one at
// a time: each checked in its turn against what the batch did before it (a parent it created, a record it
// deleted, a merged reference entry), refusals naming the field, one audit entry per record, answers
// stored; a database refusal only the write meets runs the batch again one mutation at a time.
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import { fixtureServer } from '../../tests/api/fixtures.js';
import { devicePusher } from '../../tests/api/sync-push.js';

const rig = fixtureServer();
const { change, push, nextSeq } = devicePusher(rig, { madeAgoMs: 60_000, withSentAt: true });

const stored = (table: string, id: string) =>
  rig.server.query(`select * from ${table} where id = $1`, [id]).then((rows) => rows[0]);
const audited = (ids: string[]) =>
  rig.server.query(
    'select record_id, action, version, changes, mutation_id, order_at from audit_log where record_id = any($1) order by id',
    [ids],
  );

describe('creates in a push', () => {
  it('are checked in turn against what the batch did before them, and stored as one at a time would', async () => {
    const project = await rig.f.project();
    const event = await rig.f.ref('event');
    const gone = (await rig.f.create('project')).id as string;
    const [typo, kept] = [await rig.f.create('incidence-type'), await rig.f.create('incidence-type')];
    const merged = await rig.f.api('POST', `/api/incidence-type/${typo.id}/merge/`, {
      token: rig.f.adminToken,
      body: { into: kept.id },
    });
    expect(merged.status).toBe(200);
    const [shift, hand, line, line2, incidence, bad, late, typed] = Array.from({ length: 8 }, () => uuidv7());
    const batch = [
      change('project-event', 'create', shift, { project, event, init_date: '2026-11-01T06:00:00.000Z' }),
      // Its project comes from the shift created just before it, not written yet.
      change('hand', 'create', hand, { event: shift, description: 'Gang 1' }),
      change('hand-event', 'create', line, { hand, description: 'Line 1', date: '2026-11-01' }),
      change('hand-event', 'create', line2, { hand, description: 'Line 2' }),
      change('incidence', 'create', incidence, { project, description: 'Wet coil' }),
      change('incidence', 'update', incidence, { description: 'Wet coils' }),
      change('incidence', 'create', bad, { project: uuidv7(), description: 'Nowhere' }),
      change('project', 'delete', gone),
      change('incidence', 'create', late, { project: gone, description: 'Too late' }),
      change('incidence', 'create', typed, {
        project,
        description: 'Typed',
        type: typo.id,
        users_interested: [rig.f.adminId],
      }),
    ];
    const again = { ...batch[4], seq: nextSeq() };
    const results = await push([...batch, again]);
    expect(results.map((result) => result.status)).toEqual([
      ...['applied', 'applied', 'applied', 'applied', 'applied', 'applied'],
      ...['rejected', 'applied', 'rejected', 'applied', 'duplicate'],
    ]);
    const invalid = (id: string) => [`Invalid pk "${id}" - object does not exist.`];
    expect(results[6].errors).toEqual({ project: invalid(String(batch[6].data.project)) });
    expect(results[8].errors).toEqual({ project: invalid(gone) });
    // Beside each text its key and values, which the device words in its user's language.
    expect(results[8].error_keys).toEqual({ project: [{ key: 'record.no_pk', values: { id: gone } }] });

    // Each answer carries the row as stored then; the server holds what the batch made.
    expect(results[1].row).toMatchObject({ id: hand, version: 1, project, event: shift });
    expect(results[2].row).toMatchObject({ id: line, project, hand, date: '2026-11-01' });
    expect(results[4].row).toMatchObject({ id: incidence, version: 1, description: 'Wet coil' });
    expect(results[10].row).toEqual(results[4].row);
    expect(results[5].row).toMatchObject({ id: incidence, version: 2, description: 'Wet coils' });
    expect(results[9].row).toMatchObject({ type: kept.id, users_interested: [rig.f.adminId] });
    for (const [index, table, id] of [
      [2, 'hand_event', line],
      [3, 'hand_event', line2],
      [9, 'incidence', typed],
    ] as const) {
      const row = await stored(table, id);
      expect(results[index].row).toEqual(
        Object.fromEntries(Object.keys(results[index].row ?? {}).map((k) => [k, row[k]])),
      );
    }
    expect(await stored('incidence', bad)).toBeUndefined();
    expect(await stored('incidence', late)).toBeUndefined();
    expect(await stored('hand', hand)).toMatchObject({ project });

    // One audit entry per write, with its mutation and its order.
    const entries = await audited([shift, hand, line, line2, incidence, typed]);
    expect(entries.map((entry) => [entry.record_id, entry.action, entry.version])).toEqual([
      [shift, 'create', 1],
      [hand, 'create', 1],
      [line, 'create', 1],
      [line2, 'create', 1],
      [incidence, 'create', 1],
      [incidence, 'update', 2],
      [typed, 'create', 1],
    ]);
    expect(entries.map((entry) => entry.mutation_id)).toEqual(
      [0, 1, 2, 3, 4, 5, 9].map((index) => batch[index].mutation_id),
    );
    expect(entries[6].changes).toMatchObject({ type: [null, kept.id], description: [null, 'Typed'] });
    for (const entry of entries) expect(entry.order_at).toBeTruthy();

    // Sent again (the answers were lost): the applied ones are duplicates with their first answers.
    const replay = await push(batch);
    expect(replay.map((result) => result.status)).toEqual([
      ...['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate'],
      ...['rejected', 'duplicate', 'rejected', 'duplicate'],
    ]);
    expect(replay[9].row).toEqual(results[9].row);
    expect(await audited([typed])).toHaveLength(1);
  });

  it('refused by the database only when written: the batch runs one at a time, that create rejected', async () => {
    await rig.server.query(
      "alter table incidence add constraint incidence_description_check check (description <> 'Forbidden')",
    );
    try {
      const project = await rig.f.project();
      const [first, refused, third] = [uuidv7(), uuidv7(), uuidv7()];
      const results = await push([
        change('incidence', 'create', first, { project, description: 'Allowed' }),
        change('incidence', 'create', refused, { project, description: 'Forbidden' }),
        change('incidence', 'update', refused, { description: 'Still forbidden' }),
        change('incidence', 'create', third, { project, description: 'Allowed too' }),
      ]);
      expect(results.map((result) => result.status)).toEqual(['applied', 'rejected', 'rejected', 'applied']);
      expect(Object.keys(results[1].errors ?? {})).toEqual(['description']);
      expect(results[2].errors).toEqual({ non_field_errors: ['depends on a rejected change'] });
      expect(await stored('incidence', refused)).toBeUndefined();
      expect((await audited([first, refused, third])).map((entry) => entry.record_id)).toEqual([
        first,
        third,
      ]);
    } finally {
      await rig.server.query('alter table incidence drop constraint incidence_description_check');
    }
  });
});
