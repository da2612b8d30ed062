import { describe, expect, it } from 'vitest';
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
