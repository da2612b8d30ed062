// A push batch is one transaction with a savepoint per mutation: what a refused mutation wrote before
// it was refused is rolled back, and nothing else of the batch.
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
  results: { mutation_id: string; status: string; errors?: Record<string, string[]> }[];
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
});
