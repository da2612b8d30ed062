import ky from 'ky';
import { storedLanguage } from '../store/language';

type TokenSource = () => string | null;

let tokenSource: TokenSource = () => null;

/** The session registers where the token comes from; the client never reads storage itself. */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

/**
 * The one HTTP client of the app: every call goes to /api/, sends JSON and carries `Token <token>` when
 * signed in, and `Accept-Language` in the interface's language (the server words its refusals in it).
 * No automatic retries: the outbox owns retrying, and online-only actions report at once.
 */
export const api = ky.create({
  prefixUrl: '/api/',
  retry: 0,
  timeout: 30_000,
  headers: { Accept: 'application/json' },
  hooks: {
    beforeRequest: [
      (request) => {
        const token = tokenSource();
        if (token && !request.headers.has('Authorization')) {
          request.headers.set('Authorization', `Token ${token}`);
        }
        if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', storedLanguage());
      },
    ],
  },
});

/** Whether the browser believes it has a network; online-only actions check it before trying. */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}
