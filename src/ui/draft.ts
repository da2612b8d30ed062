// Drafts: the fields of a form changed and not yet saved, kept on the device (local storage, per user) so
// that a reload, a crash or a closed tab loses nothing typed. Dropped when saved or discarded on purpose.

/** A form's values by field name (what a draft keeps). */
export type Values = Record<string, unknown>;

const PREFIX = 'draft:';
let owner = 'anonymous';

/** Whose drafts are read and written (the signed-in user: another user on the tablet never sees them). */
export function setDraftOwner(userId: string | null): void {
  owner = userId ?? 'anonymous';
}

function keyOf(name: string): string {
  return `${PREFIX}${owner}:${name}`;
}

export function readDraft(name: string): Values | null {
  try {
    const stored = localStorage.getItem(keyOf(name));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Values) : null;
  } catch {
    return null;
  }
}

export function writeDraft(name: string, changes: Values): void {
  try {
    localStorage.setItem(keyOf(name), JSON.stringify(changes));
  } catch {
    // Storage full or unavailable: the form still holds the values while it is open.
  }
}

export function clearDraft(name: string): void {
  try {
    localStorage.removeItem(keyOf(name));
  } catch {
    // Nothing kept.
  }
}
