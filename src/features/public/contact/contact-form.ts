import type { ContactRequest } from '../../../api/contact';
import { CONTACT_REQUIRED_FIELDS, contactRequestSchema } from '../../../domain/contact';

export type ContactField =
  | 'name'
  | 'email'
  | 'phone'
  | 'company'
  | 'comments'
  | 'language'
  | 'accepted_terms';
export type ContactErrors = Partial<Record<ContactField, string>>;

/** What a check needs to say, independent of the language: an empty required field, a bad e-mail, terms. */
export type ContactProblem =
  | { field: ContactField; kind: 'empty' }
  | { field: ContactField; kind: 'invalid_email' }
  | { field: ContactField; kind: 'please_accept_terms' }
  | { field: ContactField; kind: 'too_long'; max: number };

const REQUIRED: readonly string[] = CONTACT_REQUIRED_FIELDS;

export function emptyContactRequest(language: ContactRequest['language']): ContactRequest {
  return {
    name: '',
    email: '',
    phone: '',
    company: '',
    comments: '',
    product: 'karbontrack',
    language,
    accepted_terms: false,
  };
}

/**
 * The server's own schema (src/domain/contact.ts) checks the request; each refusal becomes what the form
 * says in the user's language: a required field left empty, a malformed e-mail, the terms not accepted.
 */
export function checkContactRequest(request: ContactRequest): ContactProblem[] {
  const result = contactRequestSchema.safeParse(request);
  if (result.success) return [];
  const problems: ContactProblem[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as ContactField;
    if (problems.some((problem) => problem.field === field)) continue;
    const value = request[field];
    if (REQUIRED.includes(field) && typeof value === 'string' && !value.trim())
      problems.push({ field, kind: 'empty' });
    else if (issue.code === 'too_big') problems.push({ field, kind: 'too_long', max: Number(issue.maximum) });
    else if (field === 'email') problems.push({ field, kind: 'invalid_email' });
    // The form offers no other way to go wrong (product and language are picked, not typed).
    else problems.push({ field, kind: 'please_accept_terms' });
  }
  return problems;
}

const DRAFT_KEY = 'contact_draft';
/** A draft left longer than this is stale: the visitor has moved on, the form starts empty. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// Kept in local storage, not the session's: the draft survives closing the tab or the system ending an
// installed app, until the request goes through (or the draft grows stale).
function storage(): DraftStorage | undefined {
  return globalThis.localStorage;
}

function typedSomething(request: ContactRequest): boolean {
  const texts = [request.name, request.email, request.phone, request.company, request.comments];
  return request.accepted_terms || texts.some((text) => text.trim() !== '');
}

export function loadDraft(
  fallback: ContactRequest,
  store: DraftStorage | undefined = storage(),
  now = Date.now(),
): ContactRequest {
  try {
    const text = store?.getItem(DRAFT_KEY);
    if (!text) return fallback;
    const draft = JSON.parse(text) as { saved_at?: unknown; request?: Partial<ContactRequest> };
    const age = now - Number(draft.saved_at);
    if (!draft.request || !(age >= 0 && age <= DRAFT_MAX_AGE_MS)) {
      store?.removeItem(DRAFT_KEY);
      return fallback;
    }
    return { ...fallback, ...draft.request, product: 'karbontrack' };
  } catch {
    return fallback;
  }
}

/** An empty form (nothing typed, e.g. just after a send) keeps no draft. */
export function saveDraft(
  request: ContactRequest,
  store: DraftStorage | undefined = storage(),
  now = Date.now(),
): void {
  try {
    if (!typedSomething(request)) store?.removeItem(DRAFT_KEY);
    else store?.setItem(DRAFT_KEY, JSON.stringify({ saved_at: now, request }));
  } catch {
    // Storage unavailable or full: the form state still holds the text.
  }
}

export function clearDraft(store: DraftStorage | undefined = storage()): void {
  try {
    store?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
