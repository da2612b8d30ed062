// A push batch is one transaction, with a savepoint around each mutation from the first refused one on:
// what a refused mutation wrote before it was refused is rolled back, and nothing else of the batch. The
// rows its updates name are read and locked at its start, each serving only the first mutation to touch it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import { type Api, apiClient, signIn } from '../../tests/api/http.js';
import { startTestServer, type TestServer } from '../testing.js';

let server: TestServer;
let api: Api;
let token: string;
const PASSWORD = 'Quay-Crane-42';
const clientId = uuidv7();

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  await server.createUser({ username: 'boss', password: PASSWORD, role: 'admin' });
  token = await signIn(api, 'boss', PASSWORD);
});
afterAll(() => server?.close());

interface PushBody {
  results: {
    mutation_id: string;
    status: string;
    errors?: Record<string, string[]>;
    row?: Record<string, unknown> | null;
  }[];
}

const change = (
  resource: string,
  op: string,
  id: string,
  data: Record<string, unknown>,
  occurred_at: string,
) => ({
  mutation_id: uuidv7(),
  seq: 0,
  resource,
  op,
  id,
  data,
  occurred_at,
});
const push = (mutations: ReturnType<typeof change>[]) =>
  api<PushBody>('POST', '/api/sync/push/', { token, body: { client_id: clientId, mutations } });

/** A project made over REST with an incidence of each description (and `fields`). */
async function projectWith(name: string, descriptions: string[], fields: Record<string, unknown> = {}) {
  const project = (await api<{ id: string }>('POST', '/api/project/', { token, body: { name } })).body.id;
  const ids = await Promise.all(
    descriptions.map(
      async (description) =>
        (
          await api<{ id: string }>('POST', '/api/incidence/', {
            token,
            body: { project, description, ...fields },
          })
        ).body.id,
    ),
  );
  return { project, ids };
}

describe('a push batch', () => {
  it('rolls a refused mutation back to its savepoint only', async () => {
    const account = uuidv7();
    const made = await push([
      change('accounts', 'create', account, { trade_name: 'Base' }, '2026-11-22T08:00:00Z'),
    ]);
    expect(made.body.results[0].status).toBe('applied');
    const later = await push([
      change('accounts', 'update', account, { trade_name: 'Late' }, '2026-11-22T10:00:00Z'),
    ]);
    expect(later.body.results[0].status).toBe('applied');

    // Its trade_name lost to the later one (an audit entry is written for it), then its legal_name is refused.
    const refused = change(
      'accounts',
      'update',
      account,
      { trade_name: 'Early', legal_name: 'x'.repeat(300) },
      '2026-11-22T09:00:00Z',
    );
    const crane = uuidv7();
    const kept = change('crane-type', 'create', crane, { name: 'Gottwald HMK 300' }, '2026-11-22T09:01:00Z');
    const batch = await push([
      { ...refused, seq: 1 },
      { ...kept, seq: 2 },
    ]);
    expect(batch.status).toBe(200);
    expect(batch.body.results.map((result) => result.status)).toEqual(['rejected', 'applied']);
    expect(batch.body.results[0].errors).toHaveProperty('legal_name');

    const audit = await server.query('select count(*)::int as n from audit_log where mutation_id = $1', [
      refused.mutation_id,
    ]);
    expect(audit).toEqual([{ n: 0 }]);
    const answers = await server.query(
      'select mutation_id from sync_mutation where mutation_id = any($1::uuid[]) order by mutation_id',
      [[refused.mutation_id, kept.mutation_id]],
    );
    expect(answers).toEqual([{ mutation_id: kept.mutation_id }]);
    const account_row = await api<Record<string, unknown>>('GET', `/api/accounts/${account}/`, { token });
    expect(account_row.body).toMatchObject({ trade_name: 'Late', version: 2 });
    expect((await api('GET', `/api/crane-type/${crane}/`, { token })).status).toBe(200);

    // The refused change sent again is judged again (its answer was not stored); the applied one is a duplicate.
    const again = await push([
      { ...refused, seq: 1 },
      { ...kept, seq: 2 },
    ]);
    expect(again.body.results.map((result) => result.status)).toEqual(['rejected', 'duplicate']);
  });

  it('applies what comes before and after a refusal once, and answers each with the row as stored', async () => {
    const [first, second, child] = [uuidv7(), uuidv7(), uuidv7()];
    const at = '2026-11-22T11:00:00Z';
    const mutations = [
      change('crane-type', 'create', first, { name: 'Liebherr LHM 550' }, at),
      change('crane-type', 'update', first, { name: 'Liebherr LHM 600' }, at),
      change('accounts', 'create', uuidv7(), { trade_name: 'x'.repeat(300) }, at),
      change('crane-type', 'create', second, { name: 'Konecranes' }, at),
      change('accounts', 'update', uuidv7(), { trade_name: 'Nobody' }, at),
      change('crane-type', 'create', child, { name: 'x'.repeat(300) }, at),
    ].map((mutation, index) => ({ ...mutation, seq: index + 1 }));
    const batch = await push(mutations);
    expect(batch.body.results.map((result) => result.status)).toEqual([
      'applied',
      'applied',
      'rejected',
      'applied',
      'conflict',
      'rejected',
    ]);
    // Each applied mutation wrote its row, its audit entry and its answer once.
    const audit = await server.query(
      'select mutation_id, count(*)::int as n from audit_log where mutation_id = any($1::uuid[]) group by mutation_id',
      [mutations.map((mutation) => mutation.mutation_id)],
    );
    expect(new Set(audit.map((row) => row.mutation_id))).toEqual(
      new Set([mutations[0], mutations[1], mutations[3]].map((mutation) => mutation.mutation_id)),
    );
    expect(audit.every((row) => row.n === 1)).toBe(true);
    const answers = await server.query(
      'select mutation_id, answer from sync_mutation where mutation_id = any($1::uuid[])',
      [mutations.map((mutation) => mutation.mutation_id)],
    );
    expect(answers).toHaveLength(3);
    // The row answered is the row stored: seq, version and every field as a pull would give them.
    for (const [index, id] of [
      [1, first],
      [3, second],
    ] as const) {
      const [stored] = await server.query(
        'select id, seq, version, name, deleted_at, created_by from crane_type where id = $1',
        [id],
      );
      expect(batch.body.results[index].row).toMatchObject({ ...stored, seq: Number(stored.seq) });
    }
    expect(batch.body.results[1].row).toMatchObject({ name: 'Liebherr LHM 600', version: 2 });
    const again = await push(mutations);
    expect(again.body.results.map((result) => result.status)).toEqual([
      'duplicate',
      'duplicate',
      'rejected',
      'duplicate',
      'conflict',
      'rejected',
    ]);
  });

  it('reads the rows of its updates once, locked at its start: a row changed twice, a row its delete cascaded to', async () => {
    const { project, ids } = await projectWith('Cascade', ['Kept', 'Under']);
    const [kept, under] = ids;
    const at = new Date().toISOString();
    const mutations = [
      change('incidence', 'update', kept, { description: 'Once' }, at),
      change('incidence', 'update', kept, { description: 'Twice' }, at),
      change('project', 'delete', project, {}, at),
      change('incidence', 'update', under, { description: 'After' }, at),
    ].map((mutation, index) => ({ ...mutation, seq: index + 1 }));
    const batch = await push(mutations);
    expect(batch.body.results.map((result) => result.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'conflict',
    ]);
    expect(batch.body.results[1].row).toMatchObject({ description: 'Twice', version: 3 });
    expect(batch.body.results[3]).toMatchObject({ detail: 'deleted' });
    const [stored] = await server.query('select description, deleted_at from incidence where id = $1', [
      under,
    ]);
    expect(stored.description).toBe('Under');
    expect(stored.deleted_at).not.toBeNull();
  });

  it('writes its updates of many records together, each its own fields (nulls and lists too), its own audit entry and answer', async () => {
    const { project, ids } = await projectWith('Set', ['A', 'B', 'C'], { causes: 'Old', solution: 'Old' });
    const [a, b, c] = ids;
    const [boss] = await server.query("select id from users where username = 'boss'");
    const at = new Date().toISOString();
    const mutations = [
      change('incidence', 'update', a, { description: 'A2', users_interested: [boss.id] }, at),
      change('incidence', 'update', b, { causes: 'Rust' }, at),
      change('incidence', 'update', c, { solution: null, requires_attention: true }, at),
      change('project', 'update', project, { dock: 'D9' }, at),
      change('incidence', 'update', b, { description: 'B3' }, at),
      change('incidence', 'update', a, { description: 'x'.repeat(3000) }, at),
      change('incidence', 'update', c, { causes: 'Wind' }, at),
    ].map((mutation, index) => ({ ...mutation, seq: index + 1 }));
    const batch = await push(mutations);
    expect(batch.body.results.map((result) => result.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
      'applied',
      'rejected',
      'applied',
    ]);
    const stored = await server.query(
      'select id, seq, version, description, causes, solution, users_interested, requires_attention from incidence where id = any($1::uuid[])',
      [[a, b, c]],
    );
    const row = (id: string) => stored.find((found) => found.id === id);
    expect(row(a)).toMatchObject({ description: 'A2', causes: 'Old', solution: 'Old', version: 2 });
    expect(row(a)?.users_interested).toEqual([boss.id]);
    expect(row(b)).toMatchObject({ description: 'B3', causes: 'Rust', solution: 'Old', version: 3 });
    expect(row(c)).toMatchObject({ description: 'C', causes: 'Wind', solution: null, version: 3 });
    expect(row(c)?.requires_attention).toBe(true);
    // Each answer is its own row as it wrote it; the last of a record's as stored.
    expect(batch.body.results[1].row).toMatchObject({ description: 'B', causes: 'Rust', version: 2 });
    expect(batch.body.results[2].row).toMatchObject({ solution: null, causes: 'Old', version: 2 });
    expect(batch.body.results[3].row).toMatchObject({ dock: 'D9', version: 2 });
    for (const [index, id] of [
      [0, a],
      [4, b],
      [6, c],
    ] as const)
      expect(batch.body.results[index].row).toMatchObject({ ...row(id), seq: Number(row(id)?.seq) });
    const audit = await server.query(
      'select mutation_id, changes from audit_log where mutation_id = any($1::uuid[])',
      [mutations.map((mutation) => mutation.mutation_id)],
    );
    const changes = new Map(audit.map((entry) => [entry.mutation_id, entry.changes]));
    expect(audit).toHaveLength(6);
    expect(changes.get(mutations[1].mutation_id)).toEqual({ causes: ['Old', 'Rust'] });
    expect(changes.get(mutations[2].mutation_id)).toEqual({
      solution: ['Old', null],
      requires_attention: [false, true],
    });
    expect(changes.get(mutations[4].mutation_id)).toEqual({ description: ['B', 'B3'] });
    expect(changes.has(mutations[5].mutation_id)).toBe(false);
    const again = await push(mutations);
    expect(again.body.results.map((result) => result.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'rejected',
      'duplicate',
    ]);
    expect(again.body.results[2].row).toEqual(batch.body.results[2].row);
  });
  it('writes a run of deletes together: each row tombstoned once with its audit entry, the cascade under the delete that reached it', async () => {
    const { ids } = await projectWith('Deleted together', ['A', 'B', 'C']);
    const [a, b, c] = ids;
    const other = await projectWith('Deleted with its rows', ['D']);
    const [d] = other.ids;
    const at = new Date().toISOString();
    const mutations = [
      change('incidence', 'delete', a, {}, at),
      change('project', 'delete', other.project, {}, at),
      // Already a tombstone by the project's delete, in the same run: nothing more to write.
      change('incidence', 'delete', d, {}, at),
      change('incidence', 'delete', a, {}, at),
      change('incidence', 'delete', uuidv7(), {}, at),
      change('incidence', 'update', b, { description: 'B2' }, at),
      change('incidence', 'delete', c, {}, at),
    ].map((mutation, index) => ({ ...mutation, seq: index + 1 }));
    const batch = await push(mutations);
    expect(batch.body.results.map((result) => result.status)).toEqual(Array(7).fill('applied'));
    expect(batch.body.results.filter((result) => result.row === null)).toHaveLength(6);
    const stored = await server.query(
      'select id, version, description, deleted_at from incidence where id = any($1::uuid[])',
      [[a, b, c, d]],
    );
    const row = (id: string) => stored.find((found) => found.id === id);
    for (const id of [a, c, d]) expect(row(id)).toMatchObject({ version: 2, deleted_at: expect.anything() });
    expect(row(b)).toMatchObject({ description: 'B2', deleted_at: null });
    const [project] = await server.query('select deleted_at from project where id = $1', [other.project]);
    expect(project.deleted_at).not.toBeNull();
    const audit = await server.query(
      "select record_id, mutation_id, version from audit_log where action = 'delete' and record_id = any($1::uuid[]) order by seq",
      [[a, b, c, d, other.project]],
    );
    expect(audit.map((entry) => [entry.record_id, entry.mutation_id, entry.version])).toEqual([
      [a, mutations[0].mutation_id, 2],
      [other.project, mutations[1].mutation_id, 2],
      [d, mutations[1].mutation_id, 2],
      [c, mutations[6].mutation_id, 2],
    ]);
    const again = await push(mutations);
    expect(again.body.results.map((result) => result.status)).toEqual(Array(7).fill('duplicate'));
  });
});
