import { create } from 'zustand';
import { getMe, getToken, type Me } from '../../api/auth';
import { setTokenSource } from '../../api/client';

// The spec keeps the username and token under these keys; the last /users/me/ answer is kept too so that
// a user who signed in before opens the app offline.
export const USERNAME_KEY = 'username';
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface SessionState {
  authenticated: boolean;
  username: string | null;
  token: string | null;
  user: Me | null;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function readUser(): Me | null {
  const text = read(USER_KEY);
  if (!text) return null;
  try {
    return JSON.parse(text) as Me;
  } catch {
    return null;
  }
}

function restore(): SessionState {
  const username = read(USERNAME_KEY);
  const token = read(TOKEN_KEY);
  const user = readUser();
  const authenticated = Boolean(username && token);
  return {
    authenticated,
    username: authenticated ? username : null,
    token: authenticated ? token : null,
    user: authenticated && user?.username === username ? user : null,
  };
}

function persist(state: SessionState): void {
  try {
    if (state.authenticated && state.username && state.token) {
      localStorage.setItem(USERNAME_KEY, state.username);
      localStorage.setItem(TOKEN_KEY, state.token);
      if (state.user) localStorage.setItem(USER_KEY, JSON.stringify(state.user));
    } else {
      localStorage.removeItem(USERNAME_KEY);
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(USER_KEY);
    }
  } catch {
    // Storage unavailable: the session lasts for this tab only.
  }
}

export const useSession = create<SessionState>(() => restore());

setTokenSource(() => useSession.getState().token);

/** Signs in: gets a token, reads who the user is, keeps both. Errors are the API's, for the form to show. */
export async function signIn(username: string, password: string): Promise<Me> {
  const token = await getToken(username, password);
  const user = await getMe(token);
  const state: SessionState = { authenticated: true, username: user.username || username, token, user };
  persist(state);
  useSession.setState(state);
  // Offline work lives in this browser's storage: ask that it is not evicted under pressure.
  void navigator.storage?.persist?.().catch(() => false);
  return user;
}

/** Forgets the session on this device (token, username, cached user). Local data and outbox stay. */
export function clearSession(): void {
  const state: SessionState = { authenticated: false, username: null, token: null, user: null };
  persist(state);
  useSession.setState(state);
}

/** Refreshes the cached user when online; a revoked token (401) ends the session. */
export async function refreshUser(): Promise<void> {
  const { token } = useSession.getState();
  if (!token || !navigator.onLine) return;
  try {
    const user = await getMe(token);
    const state = { ...useSession.getState(), user };
    persist(state);
    useSession.setState({ user });
  } catch (error) {
    if (isUnauthorized(error)) clearSession();
  }
}

function isUnauthorized(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'response' in error &&
    (error as { response?: { status?: number } }).response?.status === 401
  );
}

/** The name the user bar greets: first and last name, else the username. */
export function displayName(state: Pick<SessionState, 'user' | 'username'>): string {
  const full = [state.user?.first_name, state.user?.last_name].filter(Boolean).join(' ').trim();
  return full || state.username || '';
}
