import type { ContactRequest } from '../../../api/contact';

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
export type ContactProblem = { field: ContactField; kind: 'empty' | 'invalid_email' | 'please_accept_terms' };

export const REQUIRED_FIELDS = ['name', 'email', 'company'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

/** The spec's checks: name, email and company required, e-mail well formed, terms accepted. */
export function checkContactRequest(request: ContactRequest): ContactProblem[] {
  const problems: ContactProblem[] = [];
  for (const field of REQUIRED_FIELDS) {
    if (!request[field].trim()) problems.push({ field, kind: 'empty' });
  }
  if (request.email.trim() && !EMAIL.test(request.email.trim())) {
    problems.push({ field: 'email', kind: 'invalid_email' });
  }
  if (!request.accepted_terms) problems.push({ field: 'accepted_terms', kind: 'please_accept_terms' });
  return problems;
}

const DRAFT_KEY = 'contact_draft';

/** What was typed survives a reload or a failed send until the request goes through. */
export function loadDraft(fallback: ContactRequest): ContactRequest {
  try {
    const text = sessionStorage.getItem(DRAFT_KEY);
    return text
      ? { ...fallback, ...(JSON.parse(text) as Partial<ContactRequest>), product: 'karbontrack' }
      : fallback;
  } catch {
    return fallback;
  }
}

export function saveDraft(request: ContactRequest): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(request));
  } catch {
    // Storage unavailable: the form state still holds the text.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
