// The app's one error handler answers every route in the request's language over HTTP, against the
// real server: a resource's field error, a wrong old password, a 404, an anonymous 401 and a success's
// detail, a sync push's refusals (kept by the device for its user) are Spanish with Accept-Language: es and English without; status, field names and headers kept.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiClient, signIn } from '../../tests/api/http.js';
import { startTestServer, type TestServer } from '../testing.js';

let server: TestServer;
let api: Api;
let token: string;
const PASSWORD = 'Quay-Crane-42';
const es = { 'accept-language': 'es-ES,es;q=0.9' };

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  await server.createUser({ username: 'lingua', password: PASSWORD, role: 'admin' });
  token = await signIn(api, 'lingua', PASSWORD);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('answers in the request language', () => {
  it("gives a resource's field error in Spanish, the field's name unchanged", async () => {
    const spanish = await api('POST', '/api/country/', { token, body: {}, headers: es });
    expect(spanish.status).toBe(400);
    expect(spanish.body).toMatchObject({ name: ['Este campo es obligatorio.'] });
    const english = await api('POST', '/api/country/', { token, body: {} });
    expect(english.status).toBe(400);
    expect(english.body).toMatchObject({ name: ['This field is required.'] });
  });

  it('refuses a wrong old password in Spanish or English', async () => {
    const body = {
      old_password: 'Wrong-Pass-77',
      new_password1: 'Harbour-Bell-93',
      new_password2: 'Harbour-Bell-93',
    };
    const spanish = await api('POST', '/api/rest-auth/password/change/', { token, body, headers: es });
    expect(spanish.status).toBe(400);
    expect(spanish.body).toEqual({
      old_password: ['La contraseña actual no es correcta. Escríbala de nuevo.'],
    });
    const english = await api('POST', '/api/rest-auth/password/change/', { token, body });
    expect(english.body).toEqual({
      old_password: ['Your old password was entered incorrectly. Please enter it again.'],
    });
  });

  it('answers a missing record 404 in Spanish or English', async () => {
    const path = '/api/country/0190b1b2-0000-7000-8000-000000000000/';
    const spanish = await api('GET', path, { token, headers: es });
    expect(spanish.status).toBe(404);
    expect(spanish.body).toEqual({ detail: 'No encontrado.' });
    expect((await api('GET', path, { token })).body).toEqual({ detail: 'Not found.' });
  });

  it('answers an anonymous request 401 with WWW-Authenticate kept', async () => {
    const spanish = await api('GET', '/api/country/', { headers: es });
    expect(spanish.status).toBe(401);
    expect(spanish.headers.get('www-authenticate')).toBe('Token');
    expect(spanish.body).toEqual({ detail: 'No se proporcionaron las credenciales de autenticación.' });
    const english = await api('GET', '/api/country/');
    expect(english.body).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('refuses bad credentials in Spanish and gives a success detail in Spanish', async () => {
    const bad = await api('POST', '/api/get-token/', {
      body: { username: 'lingua', password: 'Not-The-One-5' },
      headers: es,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      non_field_errors: ['No se puede iniciar sesión con las credenciales proporcionadas.'],
    });
    const body = {
      old_password: PASSWORD,
      new_password1: 'Harbour-Bell-93',
      new_password2: 'Harbour-Bell-93',
    };
    const saved = await api('POST', '/api/rest-auth/password/change/', { token, body, headers: es });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ detail: 'Se ha guardado la nueva contraseña.' });
  });

  it("gives a sync push's refusals in Spanish, the conflict codes the device reads unchanged", async () => {
    const pushed = (headers: Record<string, string>) =>
      api<{ results: Array<Record<string, unknown>> }>('POST', '/api/sync/push/', {
        token,
        headers,
        body: {
          client_id: '0190b1b2-0000-7000-8000-0000000000aa',
          mutations: [
            {
              mutation_id: randomUUID(),
              seq: 1,
              resource: 'country',
              op: 'create',
              id: randomUUID(),
              data: {},
            },
            {
              mutation_id: randomUUID(),
              seq: 2,
              resource: 'nowhere',
              op: 'create',
              id: randomUUID(),
              data: {},
            },
            {
              mutation_id: randomUUID(),
              seq: 3,
              resource: 'country',
              op: 'update',
              id: randomUUID(),
              data: {},
            },
          ],
        },
      });
    const spanish = await pushed(es);
    expect(spanish.status).toBe(200);
    expect(spanish.body.results.map(({ status, errors, detail }) => ({ status, errors, detail }))).toEqual([
      { status: 'rejected', errors: { name: ['Este campo es obligatorio.'] }, detail: undefined },
      { status: 'rejected', errors: { resource: ['Recurso desconocido "nowhere".'] }, detail: undefined },
      { status: 'conflict', errors: undefined, detail: 'not_found' },
    ]);
    const english = await pushed({});
    expect(english.body.results[0]?.errors).toEqual({ name: ['This field is required.'] });
    // Beside the texts, in either language, their keys and values (the device words them itself).
    for (const answer of [spanish, english])
      expect(answer.body.results.map(({ error_keys, detail_key }) => ({ error_keys, detail_key }))).toEqual([
        { error_keys: { name: [{ key: 'field.required', values: {} }] }, detail_key: undefined },
        {
          error_keys: { resource: [{ key: 'sync.unknown_resource', values: { name: 'nowhere' } }] },
          detail_key: undefined,
        },
        { error_keys: undefined, detail_key: null },
      ]);
  });
});
