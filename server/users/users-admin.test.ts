// Users run by admins over HTTP: create with a first password or a one-time link, edit, deactivate
// (every token revoked at once; the name stays), set a password, the last active admin protected;
// staff and customer tokens may do none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiClient, signIn } from '../../tests/api/http.js';
import { startTestServer, type TestServer } from '../testing.js';

let server: TestServer;
let api: Api;
let admin: string;
let staff: string;
const PASSWORD = 'Quay-Crane-42';

type Body = Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  await server.createUser({ username: 'boss', password: PASSWORD, role: 'admin' });
  await server.createUser({ username: 'luis', password: PASSWORD });
  admin = await signIn(api, 'boss', PASSWORD);
  staff = await signIn(api, 'luis', PASSWORD);
});
afterAll(() => server?.close());

const create = (body: Body, token = admin) => api<Body>('POST', '/api/users/', { token, body });
const patch = (id: unknown, body: Body, token = admin) =>
  api<Body>('PATCH', `/api/users/${String(id)}/`, { token, body });

describe('creating a user', () => {
  it('with a first password: they sign in with it', async () => {
    const made = await create({
      username: 'marta',
      first_name: 'Marta',
      last_name: 'Ruiz',
      email: 'marta@example.com',
      role: 'staff',
      password: 'Bollard-Rope-77',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      username: 'marta',
      first_name: 'Marta',
      role: 'staff',
      is_active: true,
    });
    expect(made.body).not.toHaveProperty('password_hash');
    expect(made.body).not.toHaveProperty('invite');
    await signIn(api, 'marta', 'Bollard-Rope-77');
  });

  it('with a one-time link shown once: the user sets a password with it, and it works only once', async () => {
    const made = await create({ username: 'pedro', first_name: 'Pedro', role: 'admin' });
    expect(made.status).toBe(201);
    const invite = made.body.invite as { url: string; expires_at: string };
    expect(invite.url).toMatch(new RegExp(`^${server.url}/welcome/[\\w-]{40,}$`));
    expect(Date.parse(invite.expires_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const token = invite.url.split('/').pop();
    // The link is not readable again: only its hash is kept.
    expect(await server.query('select token_hash from user_invite')).not.toContainEqual({
      token_hash: token,
    });
    const owner = await api('GET', `/api/invites/${token}/`);
    expect(owner).toMatchObject({ status: 200, body: { username: 'pedro', first_name: 'Pedro' } });
    const weak = await api('POST', `/api/invites/${token}/`, { body: { password: '12345678' } });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body as Body)).toEqual(['password']);
    const set = await api('POST', `/api/invites/${token}/`, { body: { password: 'Mooring-Line-88' } });
    expect(set.status).toBe(200);
    await signIn(api, 'pedro', 'Mooring-Line-88');
    const again = await api('POST', `/api/invites/${token}/`, { body: { password: 'Another-Pass-99' } });
    expect(again.status).toBe(404);
    expect((await api('GET', `/api/invites/${token}/`)).status).toBe(404);
  });

  it('refuses a taken user name, a weak password and a bad e-mail, naming each field, in Spanish too', async () => {
    const refused = await create({ username: 'MARTA', password: 'password', email: 'nope' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body).sort()).toEqual(['email', 'password', 'username']);
    const spanish = await api<Body>('POST', '/api/users/', {
      token: admin,
      body: { username: 'marta' },
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.body.username).toEqual(['Ya existe un usuario con ese nombre.']);
  });
});

describe('deactivating a user', () => {
  it('revokes every token at once; they sign in no more; their name stays', async () => {
    const made = await create({
      username: 'ana',
      first_name: 'Ana',
      last_name: 'Marín',
      password: 'Tally-Clerk-55',
    });
    const first = await signIn(api, 'ana', 'Tally-Clerk-55');
    const second = await signIn(api, 'ana', 'Tally-Clerk-55');
    // Read first, so the server's token cache holds the token.
    expect((await api('GET', '/api/users/me/', { token: first })).status).toBe(200);
    const off = await patch(made.body.id, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await api('GET', '/api/users/me/', { token: first })).status).toBe(401);
    expect((await api('GET', '/api/project/', { token: second })).status).toBe(401);
    const again = await api('POST', '/api/get-token/', {
      body: { username: 'ana', password: 'Tally-Clerk-55' },
    });
    expect(again.status).toBe(400);
    const listed = await api<{ results: Body[] }>('GET', '/api/users/?is_active=false', { token: staff });
    expect(listed.body.results).toContainEqual(
      expect.objectContaining({ username: 'ana', first_name: 'Ana', last_name: 'Marín', is_active: false }),
    );
    const history = await api<{ results: { changes: Body }[] }>(
      'GET',
      `/api/users/${String(made.body.id)}/history/`,
      {
        token: admin,
      },
    );
    expect(history.body.results.at(-1)?.changes).toEqual({ is_active: { from: true, to: false } });
    // Reactivated, they sign in again.
    expect((await patch(made.body.id, { is_active: true })).status).toBe(200);
    await signIn(api, 'ana', 'Tally-Clerk-55');
  });
});

describe('the last active admin', () => {
  it('cannot be deactivated nor made staff; with a second admin, they can', async () => {
    const users = await api<{ results: Body[] }>('GET', '/api/users/?role=admin&is_active=true', {
      token: admin,
    });
    const admins = users.body.results;
    // boss and pedro are admins: make pedro staff, then boss is the last one.
    const pedro = admins.find((row) => row.username === 'pedro');
    const boss = admins.find((row) => row.username === 'boss');
    expect((await patch(pedro?.id, { role: 'staff' })).status).toBe(200);
    const demote = await patch(boss?.id, { role: 'staff' });
    expect(demote.status).toBe(400);
    expect(demote.body).toEqual({ role: ['The last active admin cannot be made staff.'] });
    const off = await patch(boss?.id, { is_active: false });
    expect(off.body).toEqual({ is_active: ['The last active admin cannot be deactivated.'] });
    expect((await patch(pedro?.id, { role: 'admin' })).status).toBe(200);
    expect((await patch(boss?.id, { role: 'staff' })).status).toBe(200);
    expect(
      (await patch(boss?.id, { role: 'admin' }, await signIn(api, 'pedro', 'Mooring-Line-88'))).status,
    ).toBe(200);
  });
});

describe('setting a password', () => {
  it('sets it (their tokens revoked) or gives a new one-time link', async () => {
    const made = await create({ username: 'rosa', password: 'Hatch-Cover-31' });
    const token = await signIn(api, 'rosa', 'Hatch-Cover-31');
    const set = await api('POST', `/api/users/${String(made.body.id)}/password/`, {
      token: admin,
      body: { password: 'Hatch-Cover-32' },
    });
    expect(set.status).toBe(200);
    expect((await api('GET', '/api/users/me/', { token })).status).toBe(401);
    await signIn(api, 'rosa', 'Hatch-Cover-32');
    const link = await api<{ invite: { url: string } }>(
      'POST',
      `/api/users/${String(made.body.id)}/password/`,
      {
        token: admin,
        body: {},
      },
    );
    expect(link.body.invite.url).toMatch(/\/welcome\//);
  });
});

describe('who may', () => {
  it('staff and customer tokens may not create, edit or reset users', async () => {
    const target = (await create({ username: 'tomas', password: 'Pilot-Ladder-81' })).body.id;
    const account = await api<Body>('POST', '/api/accounts/', {
      token: admin,
      body: { trade_name: 'ERP Co' },
    });
    const erp = await api<{ token: string }>('POST', `/api/accounts/${String(account.body.id)}/tokens/`, {
      token: admin,
      body: { name: 'ERP' },
    });
    for (const token of [staff, erp.body.token]) {
      expect((await create({ username: 'sneaky', password: 'Sneaky-Pass-12' }, token)).status).toBe(403);
      expect((await patch(target, { role: 'admin' }, token)).status).toBe(403);
      const reset = await api('POST', `/api/users/${String(target)}/password/`, { token, body: {} });
      expect(reset.status).toBe(403);
    }
    expect((await api('GET', `/api/users/${String(target)}/`, { token: admin })).body).toMatchObject({
      role: 'staff',
    });
  });
});
