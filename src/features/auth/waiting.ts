// Whose unsent work waits on this device. Each user's changes and files live in that user's own local
// database and are sent only under that user's token: a session that ends with work left (logout with
// pending changes, or the server refusing the token) leaves a note here, so the sign-in screen can say
// whose work waits and that signing in again as them sends it. Another user signing in neither sends nor
// deletes it. The note goes when its user signs in again. Local storage, not IndexedDB: it is read by the
// sign-in screen, whose code is kept small; the work itself is in IndexedDB whatever happens to the note.

export const WAITING_KEY = 'unsent_work';

export interface WaitingWork {
  username: string;
  /** Changes and files not on the server when the session ended. */
  pending: number;
  /** 'expired': the server refused the token; 'logout': the user logged out. */
  reason: 'expired' | 'logout';
  ended_at: string;
}

function isWaiting(value: unknown): value is WaitingWork {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.username === 'string' &&
    typeof entry.pending === 'number' &&
    (entry.reason === 'expired' || entry.reason === 'logout') &&
    typeof entry.ended_at === 'string'
  );
}

/** The notes, newest first; nothing when storage is unreadable or holds something else. */
export function waitingWork(): WaitingWork[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(WAITING_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isWaiting) : [];
  } catch {
    return [];
  }
}

function save(entries: WaitingWork[]): void {
  try {
    if (entries.length) localStorage.setItem(WAITING_KEY, JSON.stringify(entries));
    else localStorage.removeItem(WAITING_KEY);
  } catch {
    // Storage unavailable: the note is lost, never the work.
  }
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Notes the work a user leaves (none left: any older note of theirs goes, the work was sent since). */
export function noteWaiting(username: string, pending: number, reason: WaitingWork['reason']): void {
  const others = waitingWork().filter((entry) => !same(entry.username, username));
  save(pending > 0 ? [{ username, pending, reason, ended_at: new Date().toISOString() }, ...others] : others);
}

/** The user signed in again: their work is theirs to send now; the note goes. */
export function forgetWaiting(username: string): void {
  save(waitingWork().filter((entry) => !same(entry.username, username)));
}

/** What the sign-in screen says for the username typed: whose work waits, and whether it is theirs. */
export function waitingFor(typed: string): { own: WaitingWork | null; others: WaitingWork[] } {
  const entries = waitingWork();
  const own = typed.trim() ? (entries.find((entry) => same(entry.username, typed)) ?? null) : null;
  return { own, others: entries.filter((entry) => entry !== own) };
}
