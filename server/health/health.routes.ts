import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { serviceUnavailable } from '../http/errors.js';
import { API_TAGS } from '../resources/engine/api-names.js';

const health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['reachable', 'unreachable']),
  engine: z.enum(['pglite', 'postgres']),
});

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health/',
    {
      config: { public: true },
      schema: {
        operationId: 'getHealth',
        tags: [API_TAGS.service],
        summary: 'Liveness and database reachability (no sign-in needed)',
        description:
          'Answers 200 when the database answers; otherwise 503 with a `detail`, `Retry-After`, and what is down.',
        response: { 200: health, 503: health.extend({ detail: z.string() }) },
        // Answered before any route: a malformed request line or header is a 400 like anywhere.
        'x-answers': [400],
      },
    },
    async (_request, reply) => {
      if (await database.ping())
        return reply.send({ status: 'ok', database: 'reachable', engine: database.engine } as const);
      // The same answer (detail, Retry-After) as any request the database cannot serve, plus what is down.
      const unavailable = serviceUnavailable();
      return reply
        .code(503)
        .headers(unavailable.headers)
        .send({
          ...unavailable.body,
          status: 'unavailable',
          database: 'unreachable',
          engine: database.engine,
        } as const);
    },
  );
}
