import { create } from 'zustand';
import { getMe, getToken, type Me } from '../../api/auth';
import { setTokenSource } from '../../api/http';
import { chooseSession, type MirroredSession, sessionMirror } from '../../store/session';
import { pendingChangesCount } from './pending';
import { forgetWaiting, noteWaiting, waitingFor } from './waiting';

// The spec keeps the username and token under these keys; the last /users/me/ answer is kept too so that
// a user who signed in before opens the app offline. All of it is mirrored in IndexedDB too
// (../../store/session.ts): local storage reaches the disk seconds late and a crash can lose it.
export const USERNAME_KEY = 'username';
export const TOKEN_KEY = 'token';
const USER_KEY = 'user';

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

// Another tab of this app signed in, out, or lost its token to the server: this tab follows, so it
// neither goes on showing a session that ended nor sends with a token the server refused.
function followOtherTab(event: StorageEvent): void {
  if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USERNAME_KEY && event.key !== USER_KEY)
    return;
  const current = useSession.getState();
  const stored = restore();
  if (stored.token === current.token && (stored.user?.id ?? null) === (current.user?.id ?? null)) return;
  const note = current.username ? waitingFor(current.username).own : null;
  if (!stored.authenticated && note?.reason === 'expired')
    useEndedSession.setState({ username: note.username, pending: note.pending });
  useSession.setState(stored);
}

if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTab);

/** The session the server ended in this tab (its token refused), for the sign-in screen to say so. */
export const useEndedSession = create<{ username: string | null; pending: number }>(() => ({
  username: null,
  pending: 0,
}));

setTokenSource(() => useSession.getState().token);

/** Signs in: gets a token, reads who the user is, keeps both. Errors are the API's, for the form to show. */
export async function signIn(username: string, password: string): Promise<Me> {
  const token = await getToken(username, password);
  const user = await getMe(token);
  const state: SessionState = { authenticated: true, username: user.username || username, token, user };
  persist(state);
  // On disk before the user sees the signed-in screen: a tablet that dies now reopens signed in.
  await sessionMirror.write(mirrorOf(state)).catch(() => sessionMirror.forget().catch(() => {}));
  useSession.setState(state);
  // Their work waiting here (if any) is sent now by their own engine: the notes about it go.
  forgetWaiting(state.username ?? username);
  useEndedSession.setState({ username: null, pending: 0 });
  // Offline work lives in this browser's storage: ask that it is not evicted under pressure.
  void navigator.storage?.persist?.().catch(() => false);
  return user;
}

/**
 * Forgets the session on this device (token, username, cached user), in local storage and in the mirror,
 * which records that it ended. Local data and outbox stay. Resolves once the mirror has it on disk.
 */
export async function clearSession(): Promise<void> {
  const state: SessionState = { authenticated: false, username: null, token: null, user: null };
  persist(state);
  useSession.setState(state);
  await sessionMirror.write(null).catch(() => {});
}

/** Refreshes the cached user when online; a revoked token (401) ends the session. */
export async function refreshUser(): Promise<void> {
  const { token } = useSession.getState();
  if (!token || !navigator.onLine) return;
  try {
    const user = await getMe(token);
    // Signed out or in as someone else meanwhile (here or in another tab): nothing to update.
    if (useSession.getState().token !== token) return;
    if (read(TOKEN_KEY) === token) persist({ ...useSession.getState(), user });
    useSession.setState({ user });
    await sessionMirror.updateUser(token, user).catch(() => false);
  } catch (error) {
    if (isUnauthorized(error)) await endRefusedSession(token);
  }
}

/**
 * The server refused `token` (a 401 from /users/me/, from sync or from a file upload): the session ends
 * as a logout does, without asking the server, and its unsent work stays (noted for the sign-in screen,
 * which the route guard opens with the way back). Nothing when the session holds another token by now;
 * when another tab signed in since, its session holds here too.
 */
export function endRefusedSession(token: string): Promise<void> {
  // Sync, a file upload and /users/me/ may all meet the same 401: one ending, counted once.
  if (ending?.token === token) return ending.done;
  const done = endSession(token).finally(() => {
    if (ending?.done === done) ending = null;
  });
  ending = { token, done };
  return done;
}

let ending: { token: string; done: Promise<void> } | null = null;

async function endSession(token: string): Promise<void> {
  if (useSession.getState().token !== token) return;
  const stored = read(TOKEN_KEY);
  if (stored && stored !== token) {
    useSession.setState(restore());
    return;
  }
  const pending = await pendingChangesCount();
  const { username } = useSession.getState();
  if (useSession.getState().token !== token) return;
  if (username) noteWaiting(username, pending, 'expired');
  useEndedSession.setState({ username, pending });
  await clearSession();
}

function mirrorOf(state: SessionState): MirroredSession<Me> | null {
  return state.authenticated && state.username && state.token
    ? { username: state.username, token: state.token, user: state.user }
    : null;
}

/**
 * At start, before the first screen decides: a session local storage lost (a browser killed right after
 * sign-in) comes back from the IndexedDB mirror, and one the mirror says was ended stays ended. With a
 * session in local storage the screen does not wait: the check runs beside it.
 */
export function restoreSession(): Promise<void> {
  const check = reconcile(useSession.getState()).catch(() => {});
  if (useSession.getState().authenticated) return Promise.resolve();
  // An IndexedDB that never answers must not keep the app from starting (signed out, as before).
  return Promise.race([check, new Promise<void>((resolve) => setTimeout(resolve, RESTORE_WAIT_MS))]);
}

const RESTORE_WAIT_MS = 3000;

async function reconcile(boot: SessionState): Promise<void> {
  const mirrored = await sessionMirror.read();
  // The user signed in or out while the mirror was read: that is newer than either copy.
  if (useSession.getState().token !== boot.token) return;
  const choice = chooseSession(mirrorOf(boot), mirrored as MirroredSession<Me> | null | undefined);
  if (choice.writeMirror) await sessionMirror.write(choice.session).catch(() => {});
  if (!choice.rewriteLocal && (choice.session?.user ?? null) === boot.user) return;
  const session = choice.session as MirroredSession<Me> | null;
  const state: SessionState = session
    ? { authenticated: true, username: session.username, token: session.token, user: session.user }
    : { authenticated: false, username: null, token: null, user: null };
  persist(state);
  useSession.setState(state);
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
