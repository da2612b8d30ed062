// Reference data through the real API: a vessel's IMO number (check digit, unique), a port's UN/LOCODE
// (format, unique) and IANA time zone, a customer's report e-mail, the Spanish names of the
// translated lists (stored, searched, shown beside a reference), each refusal naming its field, in
// the request's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { type Fixtures, fixtures, imoNumber, type Row, unLocode } from '../fixtures.js';

let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
});
afterAll(async () => {
  await server?.close();
});

type Errors = Record<string, string[]>;

const post = (name: string, body: unknown, language?: string) =>
  f.api<Row>('POST', `/api/${name}/`, {
    token: f.adminToken,
    body,
    headers: language ? { 'accept-language': language } : {},
  });

async function refused(name: string, body: unknown, field: string, message: RegExp, language?: string) {
  const response = await post(name, body, language);
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  const errors = response.body as unknown as Errors;
  expect(Object.keys(errors)).toEqual([field]);
  expect(errors[field].join(' ')).toMatch(message);
}

const count = async (table: string) =>
  Number((await server.query(`select count(*)::int as n from ${table}`))[0].n);

describe('vessels', () => {
  it('verifies the IMO check digit, keeps the 7 digits of "IMO 9074729", and refuses a second vessel with it', async () => {
    const before = await count('vessel');
    await refused('vessel', { name: 'Wrong Digit', imo: '9074728' }, 'imo', /check digit/);
    await refused('vessel', { name: 'Short', imo: '907472' }, 'imo', /7 digits/);
    await refused('vessel', { name: 'Dígito', imo: '9074728' }, 'imo', /dígito de control/, 'es');
    expect(await count('vessel')).toBe(before);

    const made = await post('vessel', {
      name: 'Star Lindesnes',
      imo: 'IMO 9074729',
      call_sign: 'la jv7',
      vessel_type: 'general_cargo',
      dwt: 46_000,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      imo: '9074729',
      call_sign: 'LAJV7',
      vessel_type: 'general_cargo',
      dwt: 46_000,
    });
    await refused('vessel', { name: 'Star Lindesnes II', imo: '9074729' }, 'imo', /already exists/);
    // In Spanish the field and the resource in the form's words, no English code name.
    await refused(
      'vessel',
      { name: 'Star Lindesnes III', imo: '9074729' },
      'imo',
      /^Número IMO: ya lo usa otro registro de buque\.$/,
      'es',
    );
    await refused('vessel', { name: 'Bad type', vessel_type: 'submarine' }, 'vessel_type', /valid choice/);
    await refused('vessel', { name: 'Bad sign', call_sign: 'L!' }, 'call_sign', /call sign/);
  });

  it('lets many vessels have no IMO number (an empty one is none)', async () => {
    for (const name of ['Barge 1', 'Barge 2']) {
      const made = await post('vessel', { name, imo: '' });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.imo).toBeNull();
    }
  });

  it('checks an IMO number changed by PATCH too', async () => {
    const vessel = await f.create('vessel');
    const patched = await f.api('PATCH', `/api/vessel/${vessel.id}/`, {
      token: f.adminToken,
      body: { imo: '1234568' },
    });
    expect(patched.status).toBe(400);
    expect(Object.keys(patched.body as Errors)).toEqual(['imo']);
    const good = imoNumber();
    const ok = await f.api<Row>('PATCH', `/api/vessel/${vessel.id}/`, {
      token: f.adminToken,
      body: { imo: good },
    });
    expect(ok.body.imo).toBe(good);
  });
});

describe('ports', () => {
  it('stores a UN/LOCODE in upper case, refuses a malformed or repeated one', async () => {
    const code = unLocode();
    const made = await post('port', {
      name: 'Testport',
      code: `${code.slice(0, 2)} ${code.slice(2).toLowerCase()}`,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.code).toBe(code);
    const ports = await count('port');
    await refused('port', { name: 'Again', code }, 'code', /already exists/);
    await refused(
      'port',
      { name: 'Otra vez', code },
      'code',
      /^UN\/LOCODE: ya lo usa otro registro de puerto\.$/,
      'es',
    );
    expect(await count('port')).toBe(ports);
    await refused('port', { name: 'Short', code: 'ESVL' }, 'code', /UN\/LOCODE/);
    await refused('port', { name: 'Corto', code: 'ES1LC' }, 'code', /UN\/LOCODE de 5/, 'es');
  });

  it('keeps an IANA time zone, refuses an unknown one or an offset', async () => {
    const made = await post('port', { name: 'Las Palmas', code: unLocode(), time_zone: 'atlantic/canary' });
    expect(made.body.time_zone).toBe('Atlantic/Canary');
    await refused('port', { name: 'Nowhere', time_zone: 'Europe/Valencia' }, 'time_zone', /IANA/);
    await refused('port', { name: 'Offset', time_zone: '+01:00' }, 'time_zone', /Europe\/Madrid/);
  });

  it('gives the seeded ports their time zone', async () => {
    const list = await f.api<{ results: Row[] }>('GET', '/api/port/?search=ESVLC', { token: f.adminToken });
    expect(list.body.results[0]).toMatchObject({
      code: 'ESVLC',
      name: 'Valencia',
      time_zone: 'Europe/Madrid',
    });
  });
});

describe('customers', () => {
  it('keeps trade name, legal name, tax id and the e-mail for reports; refuses a bad e-mail', async () => {
    const made = await post('accounts', {
      trade_name: 'Aceros Test',
      legal_name: 'Aceros Test S.L.',
      tax_id: 'B12345678',
      email: 'informes@acerostest.es',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ legal_name: 'Aceros Test S.L.', email: 'informes@acerostest.es' });
    await refused('accounts', { trade_name: 'No mail', email: 'informes@' }, 'email', /valid email/);
  });
});

describe('Spanish names', () => {
  it('are stored beside the English ones, found by search, and shown with a reference', async () => {
    const made = await post('project-status', { name: 'On hold', name_es: 'En espera' });
    expect(made.body).toMatchObject({ name: 'On hold', name_es: 'En espera' });
    const found = await f.api<{ results: Row[] }>('GET', '/api/project-status/?search=espera', {
      token: f.adminToken,
    });
    expect(found.body.results.map((row) => row.name)).toEqual(['On hold']);
    const project = await f.create('project', { status: made.body.id });
    expect(project.status).toEqual({ id: made.body.id, name: 'On hold', name_es: 'En espera' });
  });

  it('of the seeded lists are there: the rain stoppage is Lluvia', async () => {
    const found = await f.api<{ results: Row[] }>('GET', '/api/event/?search=Lluvia', {
      token: f.adminToken,
    });
    expect(found.body.results).toEqual([
      expect.objectContaining({ description: 'Rain', description_es: 'Lluvia', kind: 'stoppage' }),
    ]);
  });
});
