// Who may do what (product-decisions.md): admins everything; staff all but users, lookups and
// project delete; a customer's API token reads only its account's projects and their records,
// and writes nothing; anonymous callers get 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('staff', () => {
  it.each(lookups)('may read but not write %s', async (name) => {
    expect((await f.api('GET', `/api/${name}/`, { token: f.staffToken })).status).toBe(200);
    const row = await f.create(name === 'commodity' ? 'country' : name);
    const path = `/api/${name === 'commodity' ? 'country' : name}/`;
    const body = await f.body(name === 'commodity' ? 'country' : name);
    expect((await f.api('POST', path, { token: f.staffToken, body })).status).toBe(403);
    expect((await f.api('PUT', `${path}${row.id}/`, { token: f.staffToken, body })).status).toBe(403);
    expect((await f.api('PATCH', `${path}${row.id}/`, { token: f.staffToken, body: {} })).status).toBe(403);
    expect((await f.api('DELETE', `${path}${row.id}/`, { token: f.staffToken })).status).toBe(403);
  });

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

  it('reads the reference lists, but not users or container reports', async () => {
    expect((await f.api('GET', '/api/commodity/', { token: customer })).status).toBe(200);
    expect((await f.api('GET', '/api/port/', { token: customer })).status).toBe(200);
    expect((await f.api('GET', '/api/users/', { token: customer })).status).toBe(403);
    expect((await f.api('GET', '/api/container-report/', { token: customer })).status).toBe(403);
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
        expect(response.status, `${method} ${url}`).toBe(403);
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
