import { afterEach, describe, expect, it } from 'vitest';

// Node has no local storage: a plain one, as the browser's behaves for strings (set before the modules
// under test load, since the session store reads it at import).
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}
globalThis.localStorage ??= new MemoryStorage() as unknown as Storage;

const { logout, setPendingChangesCheck } = await import('./logout');
const { endRefusedSession, TOKEN_KEY, USERNAME_KEY, useEndedSession, useSession } = await import('./session');
const { forgetWaiting, noteWaiting, WAITING_KEY, waitingFor, waitingWork } = await import('./waiting');

afterEach(() => {
  setPendingChangesCheck(async () => 0);
  localStorage.clear();
  useEndedSession.setState({ username: null, pending: 0 });
});

function signedIn(username: string, token: string) {
  localStorage.setItem(USERNAME_KEY, username);
  localStorage.setItem(TOKEN_KEY, token);
  useSession.setState({ authenticated: true, username, token, user: null });
}

describe('whose unsent work waits on this device', () => {
  it('notes it per user, newest first; none left removes the note; signing in again forgets it', () => {
    noteWaiting('marta', 3, 'expired');
    noteWaiting('luis', 1, 'logout');
    expect(waitingWork().map((entry) => [entry.username, entry.pending, entry.reason])).toEqual([
      ['luis', 1, 'logout'],
      ['marta', 3, 'expired'],
    ]);
    expect(waitingFor(' Marta ').own?.pending).toBe(3);
    expect(waitingFor('ana').own).toBeNull();
    expect(waitingFor('ana').others.map((entry) => entry.username)).toEqual(['luis', 'marta']);
    noteWaiting('luis', 0, 'logout');
    forgetWaiting('MARTA');
    expect(localStorage.getItem(WAITING_KEY)).toBeNull();
  });

  it('ignores a note storage holds in another shape', () => {
    localStorage.setItem(WAITING_KEY, '{"not":"a list"}');
    expect(waitingWork()).toEqual([]);
    localStorage.setItem(WAITING_KEY, '[{"username":"marta"},"x"]');
    expect(waitingWork()).toEqual([]);
  });
});

describe('a token the server refuses', () => {
  it('ends the session, keeps the count of unsent work for the sign-in screen', async () => {
    signedIn('marta', 'refused');
    setPendingChangesCheck(async () => 4);
    await endRefusedSession('refused');
    expect(useSession.getState()).toMatchObject({ authenticated: false, token: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(useEndedSession.getState()).toEqual({ username: 'marta', pending: 4 });
    expect(waitingFor('marta').own).toMatchObject({ pending: 4, reason: 'expired' });
  });

  it('met by sync and /users/me/ at once: one ending, the count taken once', async () => {
    signedIn('marta', 'refused');
    let counts = 0;
    setPendingChangesCheck(async () => (counts++ === 0 ? 4 : 0));
    await Promise.all([endRefusedSession('refused'), endRefusedSession('refused')]);
    expect(counts).toBe(1);
    expect(waitingFor('marta').own?.pending).toBe(4);
  });

  it('leaves a session holding another token alone, and takes one another tab signed in with', async () => {
    signedIn('marta', 'new');
    await endRefusedSession('old');
    expect(useSession.getState().token).toBe('new');
    signedIn('marta', 'old');
    localStorage.setItem(TOKEN_KEY, 'other-tab');
    await endRefusedSession('old');
    expect(useSession.getState()).toMatchObject({ authenticated: true, token: 'other-tab' });
    expect(useEndedSession.getState().username).toBeNull();
  });

  it('a logout with changes waiting notes them; without, notes nothing', async () => {
    signedIn('marta', 't1');
    setPendingChangesCheck(async () => 2);
    await logout();
    expect(waitingFor('luis').others).toMatchObject([{ username: 'marta', pending: 2, reason: 'logout' }]);
    signedIn('luis', 't2');
    setPendingChangesCheck(async () => 0);
    await logout();
    expect(waitingWork().map((entry) => entry.username)).toEqual(['marta']);
  });
});
