import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth.plugin.js';
import type { Database } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { API_TAGS } from '../resources/engine/api-names.js';

const me = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'staff']),
});

export async function usersRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/users/me/',
    {
      schema: {
        operationId: 'getCurrentUser',
        tags: [API_TAGS.signIn],
        summary: 'The signed-in user',
        description: 'Who the token belongs to, and their role (users only: a customer token is a 403).',
        response: { 200: me },
      },
    },
    async (request) => {
      const principal = requireUser(request.principal);
      const user = await database.db
        .selectFrom('users')
        .select(['id', 'username', 'first_name', 'last_name', 'email', 'role'])
        .where('id', '=', principal.userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!user) throw notFound();
      return user;
    },
  );
}
