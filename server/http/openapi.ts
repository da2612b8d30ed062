import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3 document is generated from the zod schemas that validate requests: it is the ERP
 * integration guide, so it cannot drift from what the server accepts.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'karbontrack API',
        version: '1',
        description:
          'REST API of the karbontrack port and stevedoring platform. Sign in with `POST /api/get-token/` ' +
          'and send `Authorization: Token <token>` on every call. Errors follow the Django REST framework ' +
          'shape: 400 `{field: [messages]}`, 401/403/404 `{detail}`. Writes accept an `Idempotency-Key` header.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token>' },
        },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
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
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
