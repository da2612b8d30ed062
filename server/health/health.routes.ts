import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database.js';

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
        tags: ['health'],
        summary: 'Liveness and database reachability (no sign-in needed)',
        response: { 200: health, 503: health },
      },
    },
    async (_request, reply) => {
      const reachable = await database.ping();
      return reply.code(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'unavailable',
        database: reachable ? 'reachable' : 'unreachable',
        engine: database.engine,
      });
    },
  );
}
