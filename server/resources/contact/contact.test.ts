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

beforeAll(async () => {
  server = await startTestServer();
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
    const id = await contactService(server.server.database, mailer, log).create(valid);
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
    const id = await contactService(server.server.database, mailer, log).create(valid);
    const [row] = await server.query('select mailed_at, mail_error from contact_request where id = $1', [id]);
    expect(row).toEqual({ mailed_at: null, mail_error: 'connect ECONNREFUSED' });
  });
});
