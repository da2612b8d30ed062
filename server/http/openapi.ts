import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { publicOrigin } from './links.js';
import { documentTransform, routeTransform } from './openapi-document.js';
import { API_GUIDE } from './openapi-guide.js';

/**
 * The OpenAPI 3.1 document is generated from the schemas of the routes (the resources' from the
 * registry's field lists): it is the ERP integration guide, so it cannot drift from what the server
 * accepts. `servers`, the licence and the contact are this server's own addresses, as the caller
 * reached it.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string | undefined) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'karbontrack API', version: '1', description: API_GUIDE },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              '`Token <token>`: from POST /api/get-token/ (users) or an admin (customer accounts).',
          },
        },
      },
      security: [{ token: [] }],
    },
    transform: routeTransform as never,
    transformObject: documentTransform as never,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
    // The page reads the document with this server's address in it (servers), not the plugin's copy.
    transformSpecification: (document, request) =>
      withAddresses(document as Record<string, unknown>, publicOrigin(request, publicUrl)),
    uiHooks: {
      // The docs take no parameters; a query (a token pasted into a link) is dropped, never echoed
      // (the plugin's own redirect of /static/index.html would send it back in Location).
      onRequest: (request, reply, done) => {
        const query = request.url.indexOf('?');
        if (query === -1) return done();
        reply.redirect(request.url.slice(0, query));
      },
    },
  });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async (request) =>
    withAddresses(app.swagger() as unknown as Record<string, unknown>, publicOrigin(request, publicUrl)),
  );
}

/** The document with this server's origin (PUBLIC_URL, else Host) as `servers`, and the licence and contact pages. */
function withAddresses(document: Record<string, unknown>, origin: string) {
  const info = document.info as Record<string, unknown>;
  return {
    ...document,
    info: {
      ...info,
      license: { name: 'Proprietary: use under the terms of service', url: `${origin}/terms-conditions` },
      contact: { name: 'karbontrack support', url: `${origin}/contact` },
    },
    servers: [{ url: origin, description: 'This server (paths start with /api/)' }],
  };
}
