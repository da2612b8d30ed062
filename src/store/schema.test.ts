import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { messages } from '../domain/messages';
import { dexieStores } from '../domain/registry';
import { getDevice } from './meta';
import { needsAttention } from './queries';
import { schemaVersions, syncStores } from './schema';
import { deviceDb } from './testing';
import { saveRecord } from './writes';

// The registry's Dexie indexes as the latest schema version declares them. A change to a resource's
// `dexieIndexes` needs a new entry in schemaVersions (and then this pin moves to it).
const PINNED_VERSION = 2;

describe('local schema', () => {
  it('has one table per resource, named as the resource, with the registry indexes', async () => {
    const db = deviceDb();
    await db.open();
    for (const [name, spec] of Object.entries(dexieStores)) {
      const table = db.table(name);
      expect(table.schema.primKey.name).toBe('id');
      const declared = spec
        .split(',')
        .slice(1)
        .map((index) => index.trim().replace(/^\*/, ''));
      expect(table.schema.indexes.map((index) => index.name).sort()).toEqual(declared.sort());
    }
    for (const name of Object.keys(syncStores)) expect(db.tables.map((table) => table.name)).toContain(name);
    db.close();
  });

  it('pins the registry indexes to the latest version', () => {
    const latest = schemaVersions[schemaVersions.length - 1];
    expect(latest.version).toBe(PINNED_VERSION);
    const merged: Record<string, string | null> = {};
    for (const step of schemaVersions) Object.assign(merged, step.stores);
    for (const [name, spec] of Object.entries(dexieStores)) expect(merged[name], name).toBe(spec);
  });

  it('makes a client_id with the database, once', async () => {
    const db = deviceDb();
    await db.open();
    const first = await getDevice(db);
    expect(first.client_id).toMatch(/^[0-9a-f-]{36}$/);
    db.close();
    await db.open();
    expect((await getDevice(db)).client_id).toBe(first.client_id);
    db.close();
  });

  it('upgrades to a later version and keeps the outbox', async () => {
    const factory = new IDBFactory() as unknown as globalThis.IDBFactory;
    const userId = '0193a000-0000-7000-8000-000000000001';
    const v1 = deviceDb(userId, { indexedDB: factory });
    const { id } = await saveRecord({ db: v1, userId }, 'project', { name: 'Star Lindesnes 2411' });
    expect(await v1.outbox.count()).toBe(1);
    v1.close();

    // A later version that re-indexes a resource table and moves data: the outbox must come through untouched.
    const latest = schemaVersions[schemaVersions.length - 1]?.version ?? 1;
    const v2 = deviceDb(userId, {
      indexedDB: factory,
      versions: [
        ...schemaVersions,
        {
          version: latest + 1,
          stores: { project: `${dexieStores.project}, code` },
          upgrade: (tx) =>
            tx
              .table('project')
              .toCollection()
              .modify((row: Record<string, unknown>) => {
                row.upgraded = true;
              }),
        },
      ],
    });
    await v2.open();
    expect(v2.verno).toBe(latest + 1);
    const entries = await v2.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ resource: 'project', op: 'create', record_id: id, state: 'pending' });
    expect(await v2.rows('project').get(id)).toMatchObject({ name: 'Star Lindesnes 2411', upgraded: true });
    expect(await v2.table('project').where('code').equals('x').count()).toBe(0);
    v2.close();
  });

  it('adds the SOF signatures table to a database of the first version, keeping its outbox', async () => {
    const factory = new IDBFactory() as unknown as globalThis.IDBFactory;
    const userId = '0193a000-0000-7000-8000-000000000002';
    const first = schemaVersions.filter((step) => step.version === 1);
    const released = deviceDb(userId, { indexedDB: factory, versions: first });
    await saveRecord({ db: released, userId }, 'project', { name: 'Nordic Star 2611' });
    expect(released.tables.map((table) => table.name)).not.toContain('sof-signature');
    released.close();
    const upgraded = deviceDb(userId, { indexedDB: factory });
    await upgraded.open();
    expect(upgraded.verno).toBe(2);
    expect(upgraded.tables.map((table) => table.name)).toContain('sof-signature');
    expect(await upgraded.outbox.count()).toBe(1);
    upgraded.close();
  });

  it("reads an older release's refusal of a missing record (its sentence, before keys) as today's code", async () => {
    // Stored by an older release, then opened by today's: the same device's IndexedDB, opened again.
    const factory = new IDBFactory() as unknown as globalThis.IDBFactory;
    const userId = '0193a000-0000-7000-8000-000000000003';
    const older = deviceDb(userId, { indexedDB: factory });
    await older.open();
    const [hand, hold] = ['0193a000-0000-7000-8000-00000000000a', '0193a000-0000-7000-8000-00000000000b'];
    // As a release before the push's keys stored it: the server's sentences, in English and in Spanish.
    const sentences = {
      validation_hand: [`Invalid pk "${hand}" - object does not exist.`],
      commodity: [`Clave "${hold}" no válida: el objeto no existe.`, 'Some other words.'],
      non_field_errors: ['depends on a rejected change'],
    };
    await older.table('outbox').put({
      mutation_id: '0193a000-0000-7000-8000-0000000000c1',
      seq: 1,
      resource: 'packing-list',
      op: 'update',
      record_id: '0193a000-0000-7000-8000-0000000000d1',
      data: { validation_hand: hand },
      base_version: 3,
      occurred_at: '2026-11-20T08:00:00.000Z',
      state: 'needs_attention',
      attempts: 1,
      outcome: 'rejected',
      errors: sentences,
      detail: null,
      server_row: null,
      depends_on: [],
      user_id: null,
    });
    older.close();
    const db = deviceDb(userId, { indexedDB: factory });
    await db.open();
    // The screens word a code in the language of the moment (src/ui/fieldErrors.ts); any other text as it came.
    const upgraded = {
      validation_hand: [messages.noRecord(hand)],
      commodity: [messages.noRecord(hold), 'Some other words.'],
      non_field_errors: ['depends on a rejected change'],
    };
    const [item] = await needsAttention(db);
    expect(item?.entry.errors).toEqual(upgraded);
    expect((await db.outbox.get('0193a000-0000-7000-8000-0000000000c1'))?.errors).toEqual(upgraded);
    // Rewritten so once, as the database opened: what is stored is today's shape, no read upgrades it.
    const [stored] = await db.outbox.toCollection().raw().toArray();
    expect(stored?.errors).toEqual(upgraded);
    db.close();
  });
});
