import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, notAuthenticated } from '../http/errors.js';
import type { AuthService } from './auth.service.js';
import type { Principal } from './principal.js';

/**
 * Resolves the caller of every /api request. Routes are closed unless their config says `public: true`;
 * a malformed, unknown, revoked or expired token is a 401 even on a public route, so a client
 * learns at once that its token is no good. Checked on request, before the body is read or
 * validated: a caller without a token learns nothing of what a route expects.
 */
export const authPlugin = fp(async (app: FastifyInstance, { auth }: { auth: AuthService }) => {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || !request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    if (request.routeOptions.config.ownAuthorization) return;
    request.principal = await auth.authenticate(
      request.headers.authorization,
      request.routeOptions.config.checksTokenItself,
    );
    if (!request.principal && !request.routeOptions.config.public) throw notAuthenticated();
  });
});

export function requireUser(principal: Principal | null): Extract<Principal, { kind: 'user' }> {
  if (!principal) throw notAuthenticated();
  if (principal.kind !== 'user') throw forbidden();
  return principal;
}

export function requireAdmin(principal: Principal | null): Extract<Principal, { kind: 'user' }> {
  const user = requireUser(principal);
  if (user.role !== 'admin') throw forbidden();
  return user;
}
