import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from '../../../domain/contact';
import { checkContactRequest, emptyContactRequest } from './contact-form';

describe('checkContactRequest', () => {
  it('requires name, email, company and the accepted terms', () => {
    expect(checkContactRequest(emptyContactRequest('en'))).toEqual([
      { field: 'name', kind: 'empty' },
      { field: 'email', kind: 'empty' },
      { field: 'company', kind: 'empty' },
      { field: 'accepted_terms', kind: 'please_accept_terms' },
    ]);
  });

  it('checks the e-mail form and leaves phone and comments optional', () => {
    const request = {
      ...emptyContactRequest('es'),
      name: 'Ana',
      company: 'Estibas SA',
      accepted_terms: true,
    };
    expect(checkContactRequest({ ...request, email: 'ana@' })).toEqual([
      { field: 'email', kind: 'invalid_email' },
    ]);
    expect(checkContactRequest({ ...request, email: 'ana@estibas.es' })).toEqual([]);
  });
});

describe('checkContactRequest and the server share one schema', () => {
  const valid = {
    ...emptyContactRequest('en'),
    name: 'Ana',
    email: 'ana@estibas.es',
    company: 'Estibas SA',
    accepted_terms: true,
  };

  it('refuses what POST /api/contact/ refuses: blank after trimming, too long', () => {
    expect(checkContactRequest({ ...valid, company: '   ' })).toEqual([{ field: 'company', kind: 'empty' }]);
    expect(checkContactRequest({ ...valid, name: 'x'.repeat(201), phone: '1'.repeat(51) })).toEqual([
      { field: 'name', kind: 'too_long', max: 200 },
      { field: 'phone', kind: 'too_long', max: 50 },
    ]);
    expect(contactRequestSchema.safeParse({ ...valid, name: 'x'.repeat(201) }).success).toBe(false);
  });

  it('takes an e-mail with spaces around it, as the server does', () => {
    expect(checkContactRequest({ ...valid, email: ' ana@estibas.es ' })).toEqual([]);
    expect(contactRequestSchema.parse({ ...valid, email: ' ana@estibas.es ' }).email).toBe('ana@estibas.es');
  });
});
