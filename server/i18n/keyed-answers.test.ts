// Each kind of refusal over HTTP, asked in Spanish (Accept-Language: es), against the real server on
// PGlite and PostgreSQL: a field's validation, a missing record, a permission, a conflict (an item
// validated already, by a user or by a prompter no longer known), a repeated unique value, the sign-in
// throttle and a sign-in turned away as busy. Each is all Spanish, in the DRF shape, with the English
// sentence an ERP relies on for the same request without the header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, fixtures, unLocode } from '../../tests/api/fixtures.js';
import { type Api, apiClient } from '../../tests/api/http.js';
import { HASH_SLOTS } from '../auth/hash-gate.js';
import { startTestServer, type TestServer } from '../testing.js';

const es = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' };
const PASSWORD = 'Quay-Crane-42';
let server: TestServer;
let f: Fixtures;
let api: Api;

beforeAll(async () => {
  // Two free failures before the throttle; any wait for a password check is too long (busy).
  server = await startTestServer({
    login: { maxFailuresPerUser: 2, maxFailuresPerAddress: 1000, windowMinutes: 15 },
    signInMaxWaitMs: 1,
  });
  f = await fixtures(server);
  api = apiClient(server.url);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('refusals asked in Spanish', () => {
  it("words a field's validation in Spanish, the field's wire name kept", async () => {
    const user = await server.createUser({ username: 'idioma', password: PASSWORD });
    const token = await f.userToken(user);
    const body = { old_password: PASSWORD, new_password1: 'Harbour-Bell-93', new_password2: 'Other-Bell-94' };
    const path = '/api/rest-auth/password/change/';
    const spanish = await api('POST', path, { token, body, headers: es });
    expect(spanish.status).toBe(400);
    expect(spanish.body).toEqual({ new_password2: ['Las dos contraseñas no coinciden.'] });
    expect((await api('POST', path, { token, body })).body).toEqual({
      new_password2: ['The two password fields didn’t match.'],
    });
  });

  it('answers a missing record and a refused permission in Spanish', async () => {
    const missing = await api('GET', '/api/port/0190b1b2-0000-7000-8000-000000000000/', {
      token: f.staffToken,
      headers: es,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'No encontrado.' });
    const admins = await api('POST', '/api/users/', { token: f.staffToken, body: {}, headers: es });
    expect(admins.status).toBe(403);
    expect(admins.body).toEqual({ detail: 'No tiene permiso para realizar esta acción.' });
    const account = await f.create('accounts');
    const reader = await f.accountToken(account.id);
    const write = await api('POST', '/api/port/', { token: reader, body: {}, headers: es });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ detail: 'Este token es de solo lectura.' });
    expect((await api('POST', '/api/port/', { token: reader, body: {} })).body).toEqual({
      detail: 'This token is read-only.',
    });
  });

  it('names who validated an item already, and a prompter no longer known, in Spanish', async () => {
    const item = await f.create('packing-list');
    const prompter = await f.read('users', f.staffId);
    const patch = (body: Record<string, unknown>, headers: Record<string, string> = es) =>
      f.api('PATCH', `/api/packing-list/${item.id}/`, { token: f.adminToken, body, headers });
    const validation = (minute: string, by: string) => ({
      validated: true,
      validation_datetime: `2026-11-22T10:${minute}:00.000Z`,
      validation_prompter_identifier: by,
    });
    expect((await patch(validation('00', f.staffId))).status).toBe(200);
    const again = await patch(validation('05', f.adminId));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: `Ya validado por ${prompter.username} el 2026-11-22T10:00:00.000Z.`,
    });
    await server.query('update packing_list set validation_prompter_identifier = null where id = $1', [
      item.id,
    ]);
    const unknown = await patch(validation('06', f.adminId));
    expect(unknown.body).toEqual({ detail: 'Ya validado por otro apuntador el 2026-11-22T10:00:00.000Z.' });
    expect((await patch(validation('06', f.adminId), {})).body).toEqual({
      detail: 'Already validated by another prompter at 2026-11-22T10:00:00.000Z.',
    });
  });

  it("refuses a repeated unique value naming the field and the list in Spanish's words", async () => {
    const code = unLocode();
    await f.create('port', { code });
    const body = { ...(await f.body('port')), code };
    const spanish = await api('POST', '/api/port/', { token: f.adminToken, body, headers: es });
    expect(spanish.status).toBe(400);
    expect(spanish.body).toEqual({ code: ['UN/LOCODE: ya lo usa otro registro de puerto.'] });
    expect((await api('POST', '/api/port/', { token: f.adminToken, body })).body).toEqual({
      code: ['A port with this code already exists.'],
    });
  });

  it("words the domain's rules in Spanish, a field they name by its label and a value as sent", async () => {
    const body = {
      ...(await f.body('project')),
      name: 'x'.repeat(300),
      init_date: '2026-11-20',
      end_date: '2026-11-19',
    };
    const spanish = await api('POST', '/api/project/', { token: f.adminToken, body, headers: es });
    expect(spanish.status).toBe(400);
    expect(spanish.body).toEqual({
      name: ['Asegúrese de que este campo no tenga más de 255 caracteres.'],
      end_date: ['No puede ser anterior a fecha inicial.'],
    });
    expect((await api('POST', '/api/project/', { token: f.adminToken, body })).body).toEqual({
      name: ['Ensure this field has no more than 255 characters.'],
      end_date: ['Must not be before init_date.'],
    });
    const stoppage = { ...(await f.body('event')), kind: 'stoppage', delay_attribution: null };
    const event = await api('POST', '/api/event/', { token: f.adminToken, body: stoppage, headers: es });
    expect(event.status).toBe(400);
    expect(event.body).toEqual({ delay_attribution: ['Una parada necesita saber quién la causó.'] });
    const milestone = await f.create('event', { kind: 'milestone' });
    const project = await f.create('project');
    const under = await f.create('project-event', { project: project.id, event: milestone.id });
    const hand = { ...(await f.body('hand', { project: project.id })), event: under.id };
    const refused = await api('POST', '/api/hand/', { token: f.adminToken, body: hand, headers: es });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ event: ['Solo se puede añadir una mano a un evento de trabajo.'] });
  });

  it('slows guessed passwords and turns away a burst of sign-ins, in Spanish', async () => {
    await server.createUser({ username: 'guessed', password: PASSWORD });
    const signIn = (username: string, password: string) =>
      api<{ detail?: string; token?: string }>('POST', '/api/get-token/', {
        body: { username, password },
        headers: es,
      });
    for (const guess of ['Wrong-One-1', 'Wrong-Two-2'])
      expect((await signIn('guessed', guess)).status).toBe(400);
    const slowed = await signIn('guessed', PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.body.detail).toMatch(
      /^Demasiados intentos fallidos de inicio de sesión\. Inténtelo de nuevo dentro de \d+ (segundo|minuto)\(s\)\.$/,
    );

    await server.createUser({ username: 'rush', password: PASSWORD });
    const burst = await Promise.all(Array.from({ length: HASH_SLOTS + 4 }, () => signIn('rush', PASSWORD)));
    const busy = burst.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy)
      expect(answer.body).toEqual({
        detail: 'Muchas personas están iniciando sesión ahora; inténtelo de nuevo en unos segundos.',
      });
  });
});
