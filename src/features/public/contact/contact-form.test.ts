import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from '../../../domain/contact';
import {
  checkContactRequest,
  clearDraft,
  DRAFT_MAX_AGE_MS,
  emptyContactRequest,
  loadDraft,
  saveDraft,
} from './contact-form';

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

/** A storage of strings, as the browser's local storage keeps them. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the contact draft', () => {
  const empty = emptyContactRequest('en');
  const typed = { ...empty, name: 'Ana Puerto', company: 'Estibas del Levante', accepted_terms: true };
  const savedAt = Date.UTC(2026, 10, 1);

  it('comes back as typed until it is older than 30 days, then it is dropped', () => {
    const store = memoryStorage();
    saveDraft(typed, store, savedAt);
    expect(loadDraft(empty, store, savedAt + DRAFT_MAX_AGE_MS)).toEqual(typed);
    expect(loadDraft(empty, store, savedAt + DRAFT_MAX_AGE_MS + 1)).toEqual(empty);
    expect(store.items.size).toBe(0);
  });

  it('keeps nothing for an empty form, and nothing once cleared', () => {
    const store = memoryStorage();
    saveDraft(typed, store, savedAt);
    saveDraft(empty, store, savedAt);
    expect(store.items.size).toBe(0);
    saveDraft(typed, store, savedAt);
    clearDraft(store);
    expect(loadDraft(empty, store, savedAt)).toEqual(empty);
  });

  it('drops a damaged draft or one from the future instead of failing', () => {
    const store = memoryStorage();
    store.setItem('contact_draft', '{not json');
    expect(loadDraft(empty, store, savedAt)).toEqual(empty);
    saveDraft(typed, store, savedAt + 1000);
    expect(loadDraft(empty, store, savedAt)).toEqual(empty);
  });
});
