// A device's batch sent again while the first copy is still being applied (its request timed out on a
// slow link, and the retry went at once): every copy is answered 200, each change applied once and
// reported 'duplicate' to the later copies; never a 400 for the whole batch from the unique keys.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { ENGINES, type Engine, makeStorage, type Storage, skipReason } from './support/server-engines';
import { SOAK_PASSWORD } from './support/server-process';

const COPIES = 3;
const CHANGES = 60;

describe.each(ENGINES)('one batch sent %s times at once', (engine: Engine) => {
  const skip = skipReason(engine);
  let storage: Storage | undefined;
  let server: TestServer | undefined;

  beforeAll(async () => {
    if (skip) return;
    if (engine === 'postgres') storage = await makeStorage('postgres');
    server = await startTestServer(storage?.cluster ? { databaseUrl: storage.cluster.url } : {});
    await server.createUser({ username: 'retry_clerk', password: SOAK_PASSWORD, role: 'admin' });
  });
  afterAll(async () => {
    await server?.close();
    await storage?.remove();
  });

  it.skipIf(skip)(`(${engine}) applies each change once and answers every copy`, async () => {
    if (!server) throw new Error('no server');
    const url = server.url;
    const signIn = await fetch(`${url}/api/get-token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'retry_clerk', password: SOAK_PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const clientId = randomUUID();
    const mutations = Array.from({ length: CHANGES }, (_, n) => ({
      mutation_id: randomUUID(),
      seq: n + 1,
      resource: 'project',
      op: 'create',
      id: randomUUID(),
      data: { name: `MV Twice ${engine} ${n}` },
    }));
    const send = async () => {
      const response = await fetch(`${url}/api/sync/push/`, {
        method: 'POST',
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: clientId, pending: CHANGES, mutations }),
      });
      return { status: response.status, body: (await response.json()) as { results?: { status: string }[] } };
    };
    const answers = await Promise.all(Array.from({ length: COPIES }, send));
    expect(answers.map((answer) => answer.status)).toEqual(Array(COPIES).fill(200));
    // Per change: applied by exactly one copy, duplicate for the others.
    for (let n = 0; n < CHANGES; n++) {
      const statuses = answers.map((answer) => answer.body.results?.[n]?.status).sort();
      expect(statuses).toEqual(['applied', ...Array(COPIES - 1).fill('duplicate')]);
    }
    const rows = await server.query(
      `select count(*)::int as n from project where name like 'MV Twice ${engine} %'`,
    );
    expect(rows[0]?.n).toBe(CHANGES);
  });
});
