import ky from 'ky';

type TokenSource = () => string | null;

let tokenSource: TokenSource = () => null;

/** The session registers where the token comes from; the client never reads storage itself. */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

/**
 * The one HTTP client of the app: every call goes to /api/, sends JSON and carries `Token <token>` when
 * signed in. No automatic retries: the outbox owns retrying, and online-only actions report at once.
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
      },
    ],
  },
});

/** Whether the browser believes it has a network; online-only actions check it before trying. */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}
