import ky from 'ky';
import { withSessionHeaders } from './http';

/**
 * The HTTP client of the app's calls but the first screen's (./http.ts): every call goes to /api/, sends
 * JSON and carries `Token <token>` when signed in, and `Accept-Language` in the interface's language (the
 * server words its refusals in it). No automatic retries: the outbox owns retrying, and online-only actions
 * report at once.
 */
export const api = ky.create({
  prefixUrl: '/api/',
  retry: 0,
  timeout: 30_000,
  headers: { Accept: 'application/json' },
  hooks: {
    beforeRequest: [
      (request) => {
        withSessionHeaders(request.headers);
      },
    ],
  },
});
