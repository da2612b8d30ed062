import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { API_TAGS } from '../resources/engine/api-names.js';
import { requireAdmin } from './auth.plugin.js';
import { newToken } from './tokens.js';

const params = z.object({ id: z.uuid() });
const tokenInfo = z.object({
  id: z.string().describe('a public handle of the token (not the token)'),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
});

/**
 * Customer API tokens: an admin makes one for an account (a customer's ERP); it reads only that
 * account's projects and their records, and writes nothing. The token is shown once, at creation.
 */
export async function apiTokenRoutes(app: FastifyInstance, { database, auth }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const account = async (id: string) => {
    const row = await sql`select 1 from accounts where id = ${id} and deleted_at is null`.execute(db);
    if (row.rows.length === 0) throw notFound();
  };

  api.post(
    '/accounts/:id/tokens/',
    {
      schema: {
        operationId: 'createAccountToken',
        tags: [API_TAGS.access],
        summary: "Create a read-only API token for a customer's ERP (admins; the token is shown once)",
        description:
          'The token reads only the projects whose customer is this account, their records and the reference lists, and writes nothing. Keep it: it is not shown again.',
        params,
        body: z.object({ name: z.string().trim().min(1).max(100) }),
        response: { 201: tokenInfo.extend({ token: z.string() }) },
      },
    },
    async (request, reply) => {
      requireAdmin(request.principal);
      await account(request.params.id);
      const { token, hash } = newToken();
      const row = await db
        .insertInto('auth_token')
        .values({ token_hash: hash, user_id: null, account_id: request.params.id, name: request.body.name })
        .returning(['name', 'created_at', 'last_used_at'])
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ id: hash.slice(0, 16), token, ...row });
    },
  );

  api.get(
    '/accounts/:id/tokens/',
    {
      schema: {
        operationId: 'listAccountTokens',
        tags: [API_TAGS.access],
        summary: "An account's API tokens (admins)",
        description: 'Each with its name, when it was made and last used; never the token itself.',
        params,
        response: {
          200: z.object({
            count: z.number().int(),
            next: z.null(),
            previous: z.null(),
            results: z.array(tokenInfo),
          }),
        },
      },
    },
    async (request) => {
      requireAdmin(request.principal);
      await account(request.params.id);
      const rows = await db
        .selectFrom('auth_token')
        .select(['token_hash', 'name', 'created_at', 'last_used_at'])
        .where('account_id', '=', request.params.id)
        .orderBy('created_at')
        .execute();
      const results = rows.map(({ token_hash, ...rest }) => ({ id: token_hash.slice(0, 16), ...rest }));
      return { count: results.length, next: null, previous: null, results };
    },
  );

  api.delete(
    '/accounts/:id/tokens/:tokenId/',
    {
      schema: {
        operationId: 'revokeAccountToken',
        tags: [API_TAGS.access],
        summary: 'Revoke an API token (admins)',
        description: 'The token stops working at once, in every server process.',
        response: { 204: z.null() },
        params: params.extend({ tokenId: z.string().regex(/^[0-9a-f]{16}$/) }),
      },
    },
    async (request, reply) => {
      requireAdmin(request.principal);
      const deleted = await db
        .deleteFrom('auth_token')
        .where('account_id', '=', request.params.id)
        .where(sql`left(token_hash, 16)`, '=', request.params.tokenId)
        .executeTakeFirst();
      auth.tokensRevoked();
      if (Number(deleted.numDeletedRows) === 0) throw notFound();
      return reply.code(204).send(null);
    },
  );
}
