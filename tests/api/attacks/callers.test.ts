// Every endpoint of the server (Fastify's route table) x every kind of caller that must be turned
// away: no token, a dead token of another user (expired, revoked, deactivated), a token in the wrong
// place (query string, Bearer), and a customer's token against another account's records. Refused,
// nothing of the other account in any answer, nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/auth/tokens.js';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { projectResources, type ResourceName, resources } from '../../../src/domain/registry.js';
import { pdf } from '../../fixtures/files.js';
import { upload } from '../../fixtures/multipart.js';
import { type Fixtures, fixtures } from '../fixtures.js';
import { type Endpoint, fill, ignoresToken, isPublic, routeTable } from './routes.js';

let server: TestServer;
let f: Fixtures;
let endpoints: Endpoint[];
/** Ids of records of the other account (and of container reports, which customers never see). */
const theirs = new Map<string, string>();
const secrets: string[] = [];
let customer = '';
let theirTokenHandle = '';
const tokens: Record<string, string> = {};

async function deadTokens() {
  const expired = await f.userToken(await f.user());
  await server.query(
    "update auth_token set last_used_at = now() - interval '31 days' where token_hash = $1",
    [hashToken(expired)],
  );
  const revoked = await f.userToken(await f.user());
  expect((await f.api('POST', '/api/logout/', { token: revoked })).status).toBe(204);
  const deactivatedUser = await f.user();
  const deactivated = await f.userToken(deactivatedUser);
  await server.query('update users set is_active = false where id = $1', [deactivatedUser]);
  return { expired, revoked, deactivated };
}

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
  endpoints = routeTable(server.server.app);
  const [mine, other] = [await f.create('accounts'), await f.create('accounts', { tax_id: 'SECRET-TAX-77' })];
  const myProject = await f.create('project', { customer: mine.id });
  const theirProject = await f.create('project', { customer: other.id });
  theirs.set('accounts', other.id);
  for (const name of projectResources) {
    if (name === 'attachment') continue;
    const row =
      name === 'project'
        ? theirProject
        : await f.create(name as ResourceName, {}, { project: theirProject.id });
    theirs.set(name, row.id);
  }
  theirs.set('container-report', (await f.create('container-report')).id);
  const sent = await upload(`${server.url}/api/project/${theirProject.id}/attachments/`, {
    token: f.adminToken,
    file: { name: 'their-contract.pdf', bytes: pdf(), type: 'application/pdf' },
  });
  expect(sent.status).toBe(201);
  theirs.set('attachment', String(sent.body.id));
  theirs.set('attachments', String(sent.body.id));
  secrets.push(...theirs.values(), 'SECRET-TAX-77', String(other.trade_name), 'their-contract');
  const made = await f.api<{ token: string }>('POST', `/api/accounts/${mine.id}/tokens/`, {
    token: f.adminToken,
    body: { name: 'ERP' },
  });
  customer = made.body.token;
  const theirToken = await f.api<{ id: string }>('POST', `/api/accounts/${other.id}/tokens/`, {
    token: f.adminToken,
    body: { name: 'ERP' },
  });
  theirTokenHandle = theirToken.body.id;
  // A webhook endpoint of the other account (admins only): its id and secret are theirs too.
  const hook = await f.api<{ id: string; secret: string }>('POST', '/api/webhooks/endpoints/', {
    token: f.adminToken,
    body: { account: other.id, url: 'https://erp.example.com/hooks', events: ['project.updated'] },
  });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  theirs.set('endpoints', hook.body.id);
  // No delivery exists yet: a well-formed id that finds nothing stands for one.
  theirs.set('deliveries', '01936b2e-0000-7000-8000-000000000000');
  expect((await f.api('GET', `/api/project/${myProject.id}/`, { token: customer })).status).toBe(200);
  Object.assign(tokens, await deadTokens());
  await makeLookups();
});
afterAll(async () => {
  await server?.close();
});

/** A lookup record any caller with a live token may read (not users, not accounts). */
const sharedLookup = (name: string) =>
  name in resources &&
  resources[name as ResourceName].kind === 'lookup' &&
  name !== 'users' &&
  name !== 'accounts';

/** The record each `:id` stands for: theirs, or a lookup record (made once, before any call). */
async function makeLookups() {
  for (const endpoint of endpoints)
    fill(endpoint.url, (param, parent) => {
      if (param === 'id' && !theirs.has(parent)) theirs.set(parent, '');
      return '';
    });
  for (const [name, id] of theirs) {
    if (id) continue;
    if (name === 'users') theirs.set(name, f.staffId);
    else if (name === 'commodity') theirs.set(name, await f.commodity('coil'));
    else theirs.set(name, (await f.create(name as ResourceName)).id);
  }
}

function pathOf(endpoint: Endpoint): { path: string; resource: string } {
  let resource = '';
  const path = fill(endpoint.url, (param, parent) => {
    if (param === 'tokenId') return theirTokenHandle;
    if (param === 'attachment') return theirs.get('attachment') ?? '';
    resource = parent;
    return theirs.get(parent) ?? '';
  });
  return { path, resource };
}

interface Answer {
  endpoint: Endpoint;
  path: string;
  resource: string;
  status: number;
  text: string;
}

/** Calls every endpoint once (logout last: it would end a live token), 6 at a time. */
/** The body; of a stream that stays open (the live notices' event stream), its first chunk only. */
async function bodyText(response: Response): Promise<string> {
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) return response.text();
  const reader = response.body?.getReader();
  if (!reader) return '';
  const first = await reader.read();
  await reader.cancel();
  return first.value ? new TextDecoder().decode(first.value) : '';
}

async function callAll(
  headers: Record<string, string>,
  query = '',
  logout = true,
  methods?: string[],
): Promise<Answer[]> {
  const ordered = endpoints.filter(
    (e) => (logout || e.url !== '/api/logout/') && (!methods || methods.includes(e.method)),
  );
  const answers: Answer[] = [];
  const call = async (endpoint: Endpoint) => {
    const { path, resource } = pathOf(endpoint);
    const body = ['POST', 'PUT', 'PATCH'].includes(endpoint.method) ? '{}' : undefined;
    const response = await fetch(`${server.url}${path}${query}`, {
      method: endpoint.method,
      headers: {
        ...headers,
        ...(body ? { 'content-type': 'application/json' } : {}),
        // OPTIONS is the CORS preflight, from a site the server does not list.
        ...(endpoint.method === 'OPTIONS'
          ? { origin: 'https://evil.example', 'access-control-request-method': 'GET' }
          : {}),
      },
      body,
      redirect: 'manual',
    });
    const text = `${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${await bodyText(response)}`;
    answers.push({ endpoint, path, resource, status: response.status, text });
  };
  const last = ordered.filter((e) => e.url === '/api/logout/');
  const rest = ordered.filter((e) => e.url !== '/api/logout/');
  for (let i = 0; i < rest.length; i += 6) await Promise.all(rest.slice(i, i + 6).map(call));
  for (const endpoint of last) await call(endpoint);
  return answers;
}

const line = (a: Answer) => `${a.endpoint.method} ${a.endpoint.url} -> ${a.status}`;

async function unchanged<T>(run: () => Promise<T>): Promise<T> {
  const count = async () =>
    (
      await server.query(`select (select count(*) from audit_log)::int as audit,
        (select count(*) from attachment where deleted_at is null)::int as files,
        (select count(*) from auth_token where last_used_at > now() - interval '30 days')::int as tokens,
        (select count(*) from contact_request)::int as contacts`)
    )[0];
  const before = await count();
  const result = await run();
  expect(await count()).toEqual(before);
  return result;
}

describe('the route table', () => {
  it('holds every kind of endpoint, and the public ones are few and listed', () => {
    const urls = new Set(endpoints.map((e) => e.url));
    for (const url of [
      '/api/project/:id/',
      '/api/project/:id/attachments/:attachment/download/',
      '/api/attachments/:id/thumbnail/',
      '/api/sync/push/',
      '/api/accounts/:id/tokens/:tokenId/',
      '/api/container-report/:id/make_container_report/',
    ])
      expect(urls).toContain(url);
    const open = endpoints.filter((e) => e.url.startsWith('/api/') && isPublic(e) && !ignoresToken(e));
    expect(open.map((e) => `${e.method} ${e.url}`).sort()).toEqual([
      'GET /api/health/',
      'GET /api/invites/:token/',
      'GET /api/openapi.json',
      'HEAD /api/health/',
      'HEAD /api/invites/:token/',
      'HEAD /api/openapi.json',
      'POST /api/contact/',
      'POST /api/get-token/',
      'POST /api/invites/:token/',
    ]);
  });
});

describe('without a usable token', () => {
  const anonymousLike: [string, () => Record<string, string>, () => string][] = [
    ['no token', () => ({}), () => ''],
    [
      "an admin's token in the query string",
      () => ({}),
      () => `?token=${f.adminToken}&auth_token=${f.adminToken}&access_token=${f.adminToken}`,
    ],
  ];
  it.each(anonymousLike)('%s: 401 on every endpoint but the public ones', async (_, headers, query) => {
    const answers = await unchanged(() => callAll(headers(), query()));
    const wrong = answers.filter((a) => (isPublic(a.endpoint) ? a.status === 401 : a.status !== 401));
    expect(wrong.map(line)).toEqual([]);
    const leaks = answers.filter(
      (a) => secrets.some((s) => a.text.includes(s)) || a.text.includes(f.adminToken),
    );
    expect(leaks.map(line)).toEqual([]);
  });

  const dead: [string, () => string][] = [
    ["another user's expired token", () => `Token ${tokens.expired}`],
    ["another user's revoked token", () => `Token ${tokens.revoked}`],
    ["a deactivated user's token", () => `Token ${tokens.deactivated}`],
    ['an unknown token', () => `Token ${'k'.repeat(43)}`],
    ["an admin's token as Bearer", () => `Bearer ${f.adminToken}`],
  ];
  it.each(dead)('%s: 401 on every endpoint, public ones too', async (_, header) => {
    const answers = await unchanged(() => callAll({ authorization: header() }));
    const wrong = answers.filter((a) => !ignoresToken(a.endpoint) && a.status !== 401);
    expect(wrong.map(line)).toEqual([]);
    const leaks = answers.filter((a) => secrets.some((s) => a.text.includes(s)));
    expect(leaks.map(line)).toEqual([]);
  });
});

describe("a customer's token on another account's records", () => {
  it('is refused on every record of theirs, sees none of them in lists, writes nothing', async () => {
    const answers = await unchanged(() => callAll({ authorization: `Token ${customer}` }, '', false));
    const mayRead = (a: Answer) =>
      (a.endpoint.method === 'GET' || a.endpoint.method === 'HEAD') &&
      (!a.endpoint.url.includes(':') || sharedLookup(a.resource));
    const wrong = answers.filter(
      (a) => a.status >= 500 || (a.status < 400 && !mayRead(a) && !isPublic(a.endpoint)),
    );
    expect(wrong.map(line)).toEqual([]);
    const leaks = answers.filter((a) => secrets.some((s) => a.text.includes(s)));
    expect(leaks.map((a) => `${line(a)} ${secrets.find((s) => a.text.includes(s))}`)).toEqual([]);
    const echoes = answers.filter((a) => a.text.includes(customer));
    expect(echoes.map(line)).toEqual([]);
  });
});

describe("an admin's token", () => {
  it('is echoed by no answer of any read, and no read fails', async () => {
    const answers = await callAll({ authorization: `Token ${f.adminToken}` }, '', false, ['GET', 'HEAD']);
    expect(answers.filter((a) => a.status >= 500).map(line)).toEqual([]);
    expect(answers.filter((a) => a.status < 300).length).toBeGreaterThan(answers.length / 2);
    expect(answers.filter((a) => a.text.includes(f.adminToken)).map(line)).toEqual([]);
  });
});
