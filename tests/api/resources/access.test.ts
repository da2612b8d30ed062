// Who may do what (product-decisions.md): admins everything; staff all but users, lookups and
// project delete; a customer's API token reads only its account's projects and their records,
// and writes nothing; anonymous callers get 401.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../server/db/migrate.js';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { resourceNames, resources } from '../../../src/domain/registry.js';
import { type Fixtures, fixtures, type Row } from '../fixtures.js';

let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
});
afterAll(async () => {
  await server?.close();
});

const lookups = resourceNames.filter((name) => resources[name].kind === 'lookup' && name !== 'users');
const staffAdds = lookups.filter((name) => resources[name].creatableBy === 'staff');

describe('staff', () => {
  it('may add vessels, ports, customers and countries (the searched lists), and nothing else', () => {
    expect(staffAdds.sort()).toEqual(['accounts', 'country', 'port', 'vessel']);
  });

  it.each(lookups.filter((name) => !staffAdds.includes(name)))('may read but not write %s', async (name) => {
    expect((await f.api('GET', `/api/${name}/`, { token: f.staffToken })).status).toBe(200);
    const row = await f.create(name === 'commodity' ? 'country' : name);
    const path = `/api/${name === 'commodity' ? 'country' : name}/`;
    const body = await f.body(name === 'commodity' ? 'country' : name);
    if (name !== 'commodity')
      expect((await f.api('POST', path, { token: f.staffToken, body })).status).toBe(403);
    expect((await f.api('PUT', `/api/${name}/${row.id}/`, { token: f.staffToken, body })).status).toBe(403);
    expect((await f.api('DELETE', `${path}${row.id}/`, { token: f.staffToken })).status).toBe(403);
  });

  it.each(staffAdds)(
    'may add %s and correct what they added, but not edit or delete the rest',
    async (name) => {
      const theirs = await f.create(name);
      const added = await f.api<Row>('POST', `/api/${name}/`, {
        token: f.staffToken,
        body: await f.body(name),
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const text = name === 'accounts' ? 'trade_name' : 'name';
      const own = await f.api('PATCH', `/api/${name}/${added.body.id}/`, {
        token: f.staffToken,
        body: { [text]: `Fixed ${added.body.id.slice(-6)}` },
      });
      expect(own.status).toBe(200);
      const other = await f.api('PATCH', `/api/${name}/${theirs.id}/`, {
        token: f.staffToken,
        body: { [text]: 'Not mine' },
      });
      expect(other.status).toBe(403);
      // An empty change changes nothing, so nothing is refused.
      expect(
        (await f.api('PATCH', `/api/${name}/${theirs.id}/`, { token: f.staffToken, body: {} })).status,
      ).toBe(200);
      expect((await f.api('DELETE', `/api/${name}/${added.body.id}/`, { token: f.staffToken })).status).toBe(
        403,
      );
      expect(
        (
          await f.api('POST', `/api/${name}/${theirs.id}/merge/`, {
            token: f.staffToken,
            body: { into: added.body.id },
          })
        ).status,
      ).toBe(403);
    },
  );

  it('may not delete a project; an admin may, and its records go with it', async () => {
    const project = await f.create('project');
    const item = await f.create('packing-list', {}, { project: project.id });
    const hand = await f.create('hand', {}, { project: project.id });
    expect(
      (await f.api('PATCH', `/api/project/${project.id}/`, { token: f.staffToken, body: { voyage: 'V1' } }))
        .status,
    ).toBe(200);
    expect((await f.api('DELETE', `/api/project/${project.id}/`, { token: f.staffToken })).status).toBe(403);
    expect((await f.api('DELETE', `/api/project/${project.id}/`, { token: f.adminToken })).status).toBe(204);
    expect((await f.api('GET', `/api/packing-list/${item.id}/`, { token: f.adminToken })).status).toBe(404);
    expect((await f.api('GET', `/api/hand/${hand.id}/`, { token: f.adminToken })).status).toBe(404);
  });

  it('may delete a packing item', async () => {
    const item = await f.create('packing-list');
    expect((await f.api('DELETE', `/api/packing-list/${item.id}/`, { token: f.staffToken })).status).toBe(
      204,
    );
  });
});

describe('a customer API token', () => {
  let mine: Row;
  let theirs: Row;
  let myItem: Row;
  let theirItem: Row;
  let customer: string;

  beforeAll(async () => {
    const [accountA, accountB] = [await f.create('accounts'), await f.create('accounts')];
    mine = await f.create('project', { customer: accountA.id });
    theirs = await f.create('project', { customer: accountB.id });
    myItem = await f.create('packing-list', {}, { project: mine.id });
    theirItem = await f.create('packing-list', {}, { project: theirs.id });
    const made = await f.api<{ token: string }>('POST', `/api/accounts/${accountA.id}/tokens/`, {
      token: f.adminToken,
      body: { name: 'ERP' },
    });
    expect(made.status).toBe(201);
    customer = made.body.token;
    const staffTry = await f.api('POST', `/api/accounts/${accountA.id}/tokens/`, {
      token: f.staffToken,
      body: { name: 'ERP' },
    });
    expect(staffTry.status).toBe(403);
  });

  it("reads its account's projects and their records only", async () => {
    const projects = await f.api<{ results: Row[] }>('GET', '/api/project/?page_size=1000', {
      token: customer,
    });
    expect(projects.status).toBe(200);
    expect(projects.body.results.map((row) => row.id)).toEqual([mine.id]);
    expect((await f.api('GET', `/api/project/${mine.id}/`, { token: customer })).status).toBe(200);
    expect((await f.api('GET', `/api/project/${theirs.id}/`, { token: customer })).status).toBe(404);
    expect((await f.api('GET', `/api/packing-list/${myItem.id}/`, { token: customer })).status).toBe(200);
    expect((await f.api('GET', `/api/packing-list/${theirItem.id}/`, { token: customer })).status).toBe(404);
    const items = await f.api<{ results: Row[] }>('GET', `/api/packing-list/?project=${theirs.id}`, {
      token: customer,
    });
    expect(items.body.results).toEqual([]);
    const all = await f.api<{ results: Row[] }>('GET', '/api/packing-list/?page_size=1000', {
      token: customer,
    });
    expect(all.body.results.map((row) => row.id)).toEqual([myItem.id]);
    expect((await f.api('GET', `/api/project/${theirs.id}/history/`, { token: customer })).status).not.toBe(
      200,
    );
  });

  it('reads the reference lists, but not users, nor container reports linked to none of its projects', async () => {
    expect((await f.api('GET', '/api/commodity/', { token: customer })).status).toBe(200);
    expect((await f.api('GET', '/api/port/', { token: customer })).status).toBe(200);
    expect((await f.api('GET', '/api/users/', { token: customer })).status).toBe(403);
    // (A report linked to one of its projects it reads: server/webhooks/container-report.test.ts.)
    const report = await f.create('container-report');
    const list = await f.api<{ results: unknown[] }>('GET', '/api/container-report/', { token: customer });
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([]);
    expect((await f.api('GET', `/api/container-report/${report.id}/`, { token: customer })).status).toBe(404);
  });

  it('writes nothing: 403 on every write of every resource', async () => {
    for (const name of resourceNames) {
      const path = `/api/${name}/`;
      const id = name === 'project' ? mine.id : name === 'packing-list' ? myItem.id : theirItem.id;
      for (const [method, url] of [
        ['POST', path],
        ['PUT', `${path}${id}/`],
        ['PATCH', `${path}${id}/`],
        ['DELETE', `${path}${id}/`],
      ] as const) {
        const response = await f.api(method, url, {
          token: customer,
          body: method === 'DELETE' ? undefined : { name: 'x' },
        });
        // Users are never replaced nor deleted (an admin deactivates them): no such route.
        const routed = name !== 'users' || method === 'POST' || method === 'PATCH';
        expect(response.status, `${method} ${url}`).toBe(routed ? 403 : 404);
      }
    }
    const read = await f.read('project', mine.id);
    expect(read.version).toBe(mine.version);
  });
});

describe('anonymous and bad tokens', () => {
  it.each(resourceNames)('%s answers 401', async (name) => {
    expect((await f.api('GET', `/api/${name}/`)).status).toBe(401);
    expect((await f.api('GET', `/api/${name}/`, { token: 'x'.repeat(43) })).status).toBe(401);
    expect((await f.api('POST', `/api/${name}/`, { body: {} })).status).toBe(401);
  });
});

// Deleting a customer account revokes its API tokens: the ERP holding one gets 401 on its next call,
// whether the account was deleted over REST or by an admin's tablet through the sync push, and no
// token row of a deleted account stays behind.
/** An account with a project of its own and a token made the way an admin makes one. */
async function customer(): Promise<{ account: Row; project: Row; token: string }> {
  const account = await f.create('accounts');
  const project = await f.create('project', { customer: account.id });
  const made = await f.api<{ token: string }>('POST', `/api/accounts/${account.id}/tokens/`, {
    token: f.adminToken,
    body: { name: 'ERP' },
  });
  expect(made.status).toBe(201);
  return { account, project, token: made.body.token };
}

const tokensOf = async (accountId: string) =>
  (await server.query('select count(*)::int as n from auth_token where account_id = $1', [accountId]))[0].n;

describe('deleting a customer account', () => {
  it('over REST: its token gets 401 at once (even right after a read) and its token rows are gone', async () => {
    const { account, project, token } = await customer();
    const other = await customer();
    // Read first, so a token cache would hold it.
    expect((await f.api('GET', `/api/project/${project.id}/`, { token })).status).toBe(200);
    // An account in use is retired, not deleted (issue 16): its project goes first.
    const inUse = await f.api('DELETE', `/api/accounts/${account.id}/`, { token: f.adminToken });
    expect(inUse.status).toBe(400);
    expect((await f.api('GET', `/api/project/${project.id}/`, { token })).status).toBe(200);
    expect((await f.api('DELETE', `/api/project/${project.id}/`, { token: f.adminToken })).status).toBe(204);
    expect((await f.api('DELETE', `/api/accounts/${account.id}/`, { token: f.adminToken })).status).toBe(204);
    expect((await f.api('GET', `/api/project/${project.id}/`, { token })).status).toBe(401);
    expect((await f.api('GET', '/api/packing-list/', { token })).status).toBe(401);
    expect(await tokensOf(account.id)).toBe(0);
    // Another account's token is untouched.
    expect((await f.api('GET', `/api/project/${other.project.id}/`, { token: other.token })).status).toBe(
      200,
    );
  });

  it('through the sync push (an admin tablet): its token gets 401 at once', async () => {
    const { account, project, token } = await customer();
    expect((await f.api('GET', `/api/project/${project.id}/`, { token })).status).toBe(200);
    const push = await f.api<{ results: { status: string }[] }>('POST', '/api/sync/push/', {
      token: f.adminToken,
      body: {
        client_id: randomUUID(),
        mutations: [
          { mutation_id: randomUUID(), seq: 1, resource: 'project', op: 'delete', id: project.id },
          { mutation_id: randomUUID(), seq: 2, resource: 'accounts', op: 'delete', id: account.id },
        ],
      },
    });
    expect(push.status).toBe(200);
    expect(push.body.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect((await f.api('GET', `/api/project/${project.id}/`, { token })).status).toBe(401);
    expect(await tokensOf(account.id)).toBe(0);
  });

  it('no new token for a deleted account', async () => {
    const { account, project } = await customer();
    expect((await f.api('DELETE', `/api/project/${project.id}/`, { token: f.adminToken })).status).toBe(204);
    expect((await f.api('DELETE', `/api/accounts/${account.id}/`, { token: f.adminToken })).status).toBe(204);
    const made = await f.api('POST', `/api/accounts/${account.id}/tokens/`, {
      token: f.adminToken,
      body: { name: 'ERP' },
    });
    expect(made.status).toBe(404);
  });

  it('upgrading a database of the previous release drops the tokens of accounts deleted before', async () => {
    const kept = await customer();
    const gone = await customer();
    // The database as the previous release left it: no trigger, an account deleted with its token kept.
    await server.query('drop trigger accounts_revoke_tokens on accounts');
    await server.query('drop index auth_token_account_idx');
    await server.query("delete from schema_migrations where name = '0015_account_tokens.sql'");
    await server.query('update accounts set deleted_at = now() where id = $1', [gone.account.id]);
    expect(await tokensOf(gone.account.id)).toBe(1);
    await runMigrations(server.server.database);
    expect(await tokensOf(gone.account.id)).toBe(0);
    expect(await tokensOf(kept.account.id)).toBe(1);
    expect((await f.api('GET', `/api/project/${kept.project.id}/`, { token: kept.token })).status).toBe(200);
  });
});
