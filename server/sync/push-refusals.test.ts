// One bad change never blocks a tablet: a null for a field with a default, or any database error inside
// one mutation, is that mutation's `rejected` naming the field; the batch goes on. REST answers 400.
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import { fixtureServer } from '../../tests/api/fixtures.js';
import { devicePusher } from '../../tests/api/sync-push.js';

const rig = fixtureServer();
const { change, push } = devicePusher(rig);

describe('a bad change in a push', () => {
  it('a null for a field with a default is rejected naming it; the rest of the batch applies', async () => {
    const item = await rig.f.create('packing-list');
    const project = await rig.f.create('project');
    const crane = uuidv7();
    const results = await push([
      change('packing-list', 'update', item.id, { quantity: null }),
      change('packing-list', 'update', item.id, { validated: null, zone: 'Z1' }),
      change('project', 'update', project.id, { data_entry_completed: null }),
      change('crane-type', 'create', crane, { name: `Crane ${crane.slice(-6)}` }),
      change('packing-list', 'update', item.id, { zone: 'Z2' }),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'applied',
      'applied',
    ]);
    expect(results[0].errors).toEqual({ quantity: ['This field may not be null.'] });
    expect(results[1].errors).toEqual({ validated: ['This field may not be null.'] });
    expect(results[2].errors).toEqual({ data_entry_completed: ['This field may not be null.'] });
    expect(results[2].error_keys).toEqual({ data_entry_completed: [{ key: 'field.null', values: {} }] });
    expect(await rig.f.read('packing-list', item.id)).toMatchObject({ quantity: '1.000', zone: 'Z2' });
  });

  it('a database error inside one mutation (a CHECK, a data error) is its rejection, naming the field', async () => {
    // Rules the domain does not know: a CHECK constraint and a trigger raising a data error.
    await rig.server.query("alter table vessel add constraint vessel_name_check check (name <> 'Titanic')");
    await rig.server.query(`create function vessel_imo_guard() returns trigger language plpgsql as $$
      begin
        if new.imo = '0000000' then
          raise exception 'no such IMO number' using errcode = '22023', column = 'imo';
        end if;
        return new;
      end $$`);
    await rig.server.query(
      'create trigger vessel_imo_guard before insert or update on vessel for each row execute function vessel_imo_guard()',
    );
    try {
      const [sunk, flagged, fine] = [uuidv7(), uuidv7(), uuidv7()];
      const results = await push([
        change('vessel', 'create', sunk, { name: 'Titanic' }),
        change('vessel', 'create', flagged, { name: 'MV Nowhere', imo: '0000000' }),
        change('vessel', 'create', fine, { name: 'MV Fine' }),
        change('vessel', 'update', sunk, { name: 'Olympic' }),
      ]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'applied', 'rejected']);
      expect(Object.keys(results[0].errors ?? {})).toEqual(['name']);
      expect(Object.keys(results[1].errors ?? {})).toEqual(['imo']);
      expect(results[3].errors).toEqual({ non_field_errors: ['depends on a rejected change'] });
      expect(results[3].error_keys).toEqual({ non_field_errors: [{ key: 'sync.depends', values: {} }] });

      const rest = await rig.f.api<Record<string, string[]>>('POST', '/api/vessel/', {
        token: rig.f.adminToken,
        body: { name: 'Titanic' },
      });
      expect(rest.status).toBe(400);
      expect(Object.keys(rest.body)).toEqual(['name']);
      const imo = await rig.f.api<Record<string, string[]>>('POST', '/api/vessel/', {
        token: rig.f.adminToken,
        body: { name: 'MV Other', imo: '0000000' },
      });
      expect(imo.status).toBe(400);
      expect(Object.keys(imo.body)).toEqual(['imo']);
    } finally {
      await rig.server.query('drop trigger vessel_imo_guard on vessel');
      await rig.server.query('drop function vessel_imo_guard()');
      await rig.server.query('alter table vessel drop constraint vessel_name_check');
    }
  });
});

describe("staff's changes in a push", () => {
  it('add a vessel and correct it, but not edit one someone else added (as over REST)', async () => {
    const theirs = await rig.f.create('vessel');
    const own = uuidv7();
    const results = await push(
      [
        change('vessel', 'create', own, { name: `MV Own ${own.slice(-6)}` }),
        change('vessel', 'update', own, { name: `MV Fixed ${own.slice(-6)}` }),
        change('vessel', 'update', theirs.id, { name: 'Not mine' }),
      ],
      rig.f.staffToken,
      uuidv7(),
    );
    expect(results.map((result) => result.status)).toEqual(['applied', 'applied', 'rejected']);
    expect(Object.keys(results[2].errors ?? {})).toEqual(['non_field_errors']);
    // Refused as a whole, keyed: the device words it in its user's language from the key.
    expect(results[2].error_keys).toEqual({ non_field_errors: [{ key: 'access.forbidden', values: {} }] });
    expect(await rig.f.read('vessel', theirs.id)).toMatchObject({
      name: theirs.name,
      version: theirs.version,
    });
    expect(await rig.f.read('vessel', own)).toMatchObject({ name: `MV Fixed ${own.slice(-6)}` });
  });
});

describe('a null for a field with a default over REST', () => {
  it('is a 400 naming the field, and nothing changes', async () => {
    const item = await rig.f.create('packing-list');
    for (const field of ['quantity', 'validated', 'label_color', 'location']) {
      const answer = await rig.f.api<Record<string, string[]>>('PATCH', `/api/packing-list/${item.id}/`, {
        token: rig.f.adminToken,
        body: { [field]: null, zone: 'changed' },
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body).toEqual({ [field]: ['This field may not be null.'] });
    }
    const project = await rig.f.create('project');
    const put = await rig.f.api('PUT', `/api/project/${project.id}/`, {
      token: rig.f.adminToken,
      body: { name: 'Renamed', data_entry_completed: null },
    });
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ data_entry_completed: ['This field may not be null.'] });
    expect(await rig.f.read('packing-list', item.id)).toMatchObject({ zone: null, version: item.version });
  });
});
