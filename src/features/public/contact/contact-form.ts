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
