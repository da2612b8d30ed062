import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiClient } from '../../../tests/api/http.js';
import { startTestServer, type TestServer } from '../../testing.js';
import type { ContactMailer } from './contact.mail.js';
import type { ContactRequest } from './contact.schema.js';
import { contactService } from './contact.service.js';

let server: TestServer;
let api: Api;

const valid: ContactRequest = {
  name: 'Ana Puerto',
  email: 'ana@estibas.example',
  phone: '+34 600 000 000',
  company: 'Estibas del Levante',
  comments: 'Two berths, coils and granite.',
  product: 'karbontrack',
  language: 'es',
  accepted_terms: true,
};

const LIMIT = { maxPerAddress: 3, windowMinutes: 60 };

beforeAll(async () => {
  server = await startTestServer({ contactLimit: LIMIT, trustProxy: 1 });
  api = apiClient(server.url);
});
afterAll(() => server?.close());

describe('POST /api/contact/', () => {
  it('stores the request for an anonymous visitor', async () => {
    const response = await api<{ id: string }>('POST', '/api/contact/', { body: valid });
    expect(response.status).toBe(201);
    const rows = await server.query('select * from contact_request where id = $1', [response.body.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...valid, mailed_at: null, mail_error: null });
    expect(rows[0].created_at).toBeTruthy();
  });

  it('names each missing or blank required field, the e-mail form and the terms', async () => {
    const response = await api('POST', '/api/contact/', {
      body: { name: ' ', email: 'not-an-email', accepted_terms: false },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      name: ['This field may not be blank.'],
      email: ['Enter a valid email address.'],
      company: ['This field is required.'],
      accepted_terms: ['Please, accept the Terms and conditions, and the Privacy Policy'],
    });
  });

  it('takes at most CONTACT_MAX_PER_ADDRESS requests from one address in the window, in the database', async () => {
    const from = (address: string, language = 'en') =>
      api<{ detail?: string }>('POST', '/api/contact/', {
        body: valid,
        headers: { 'x-forwarded-for': address, 'accept-language': language },
      });
    const stored = async () =>
      Number((await server.query('select count(*)::int as n from contact_request'))[0]?.n);
    const before = await stored();
    for (let i = 0; i < LIMIT.maxPerAddress; i++) expect((await from('203.0.113.9')).status).toBe(201);
    const refused = await from('203.0.113.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(LIMIT.windowMinutes * 60 - 60);
    expect(refused.body.detail).toBe(
      'Too many contact requests from this address. Try again in 60 minute(s).',
    );
    const spanish = await from('203.0.113.9', 'es');
    expect(spanish.body.detail).toBe(
      'Demasiadas solicitudes de contacto desde esta dirección. Inténtelo de nuevo dentro de 60 minuto(s).',
    );
    // Nothing of the refused ones was stored; another address is served.
    expect((await stored()) - before).toBe(LIMIT.maxPerAddress);
    expect((await from('203.0.113.10')).status).toBe(201);
    // Past the window the address is served again.
    await server.query("update login_failure set at = at - interval '61 minutes' where key like 'contact:%'");
    expect((await from('203.0.113.9')).status).toBe(201);
  });

  it('accepts only the karbontrack product and the two languages', async () => {
    const response = await api('POST', '/api/contact/', {
      body: { ...valid, product: 'other', language: 'fr' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body as object).sort()).toEqual(['language', 'product']);
  });
});

describe('contactService', () => {
  const log = { warn: () => undefined } as unknown as Parameters<typeof contactService>[2];

  it('mails a stored request and records when', async () => {
    const sent: Array<{ subject: string; text: string; replyTo: string }> = [];
    const mailer: ContactMailer = { send: async (message) => void sent.push(message) };
    const id = await contactService(server.server.database, mailer, log, server.config.contactLimit).create(
      valid,
      '198.51.100.1',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].replyTo).toBe(valid.email);
    expect(sent[0].text).toContain('Estibas del Levante');
    const [row] = await server.query('select mailed_at, mail_error from contact_request where id = $1', [id]);
    expect(row.mailed_at).toBeTruthy();
    expect(row.mail_error).toBeNull();
  });

  it('keeps the request when the mail fails', async () => {
    const mailer: ContactMailer = {
      send: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const id = await contactService(server.server.database, mailer, log, server.config.contactLimit).create(
      valid,
      '198.51.100.1',
    );
    const [row] = await server.query('select mailed_at, mail_error from contact_request where id = $1', [id]);
    expect(row).toEqual({ mailed_at: null, mail_error: 'connect ECONNREFUSED' });
  });
});
