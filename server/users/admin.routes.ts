// Users, run by admins from the app: create (a first password, or a one-time link shown once), edit
// names, e-mail and role, deactivate and reactivate, set a password or give a new link. Reading users
// is the generic `users` resource. The one-time link's page is public (invites below).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { roles } from '../../src/domain/enums.js';
import { resources } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import { requireAdmin } from '../auth/auth.plugin.js';
import type { AppContext } from '../context.js';
import type { Tables } from '../db/tables.js';
import { notFound } from '../http/errors.js';
import { publicOrigin } from '../http/links.js';
import { answerIn } from '../i18n/answers.js';
import { say } from '../i18n/message.js';
import { API_TAGS } from '../resources/engine/api-names.js';
import { recordAudit } from '../resources/engine/audit.js';
import { findRepresentation } from '../resources/engine/read.js';
import { acceptInvite, inviteOwner, makeInvite } from './invites.js';
import { changeUser, setUserPassword } from './manage.js';
import { usersService } from './users.service.js';

const params = z.object({ id: z.uuid() });
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/) });
const password = z.string().min(1).max(256);
const newUser = z.object({
  username: z.string().max(150),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  role: z.enum(roles).default('staff'),
  password: password.optional().describe('Absent: the answer carries a one-time link for the user to set it'),
});
const changes = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  role: z.enum(roles).optional(),
  is_active: z.boolean().optional().describe('false: the user signs in no more; their tokens end at once'),
});

export async function userAdminRoutes(app: FastifyInstance, { database, auth, config }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const users = resources.users as Resource;
  // Admins only, checked before the body is read: a staff user or a customer token learns nothing more.
  const adminsOnly = {
    preValidation: async (request: FastifyRequest) => void requireAdmin(request.principal),
  };
  const inviteOf = async (request: FastifyRequest, db: Kysely<Tables>, userId: string, adminId: string) => {
    const made = await makeInvite(db, userId, adminId);
    return {
      url: `${publicOrigin(request, config.publicUrl).replace(/\/+$/, '')}${made.path}`,
      expires_at: made.expires_at,
    };
  };
  const shown = async (request: FastifyRequest, id: string) => {
    const row = await findRepresentation(database, users, request.principal, id);
    if (!row) throw notFound();
    return row;
  };

  api.post(
    '/users/',
    {
      ...adminsOnly,
      schema: {
        tags: [API_TAGS.signIn],
        operationId: 'createUser',
        summary: 'Create a user (admins): with a first password, or a one-time link to set one',
        description:
          'A first password, or none: then the answer carries `invite`, a one-time link (shown once, valid 7 days) the user opens to set a password.',
        body: newUser,
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request.principal);
      const id = await usersService(database).create({ ...request.body, createdBy: admin.userId });
      const row = await shown(request, id);
      await recordAudit(database.db as unknown as Kysely<unknown>, {
        resource: users,
        id,
        action: 'create',
        version: 1,
        changes: Object.fromEntries(
          ['username', 'first_name', 'last_name', 'email', 'role']
            .filter((field) => row[field])
            .map((field) => [field, [null, row[field]]]),
        ),
        actor: { userId: admin.userId },
      });
      const link =
        request.body.password === undefined
          ? await inviteOf(request, database.db, id, admin.userId)
          : undefined;
      return reply.code(201).send({ ...row, ...(link ? { invite: link } : {}) });
    },
  );

  api.patch(
    '/users/:id/',
    {
      ...adminsOnly,
      schema: {
        operationId: 'patchUser',
        description:
          'Deactivating (is_active: false) revokes every token of the user at once; their name stays on what they recorded. The last active admin cannot be deactivated nor made staff.',
        tags: [API_TAGS.signIn],
        summary:
          "Edit a user's names, e-mail, role, or deactivate them (admins); never the last active admin",
        params,
        body: changes,
      },
    },
    async (request) => {
      const admin = requireAdmin(request.principal);
      const revoked = await database.db
        .transaction()
        .execute((trx) => changeUser(trx, admin.userId, request.params.id, request.body));
      if (revoked) auth.tokensRevoked();
      return shown(request, request.params.id);
    },
  );

  api.post(
    '/users/:id/password/',
    {
      ...adminsOnly,
      schema: {
        tags: [API_TAGS.signIn],
        operationId: 'setUserPassword',
        summary: "Set a user's password, or (no password) make a new one-time link (admins)",
        description: "The user's tokens are revoked when the password is set",
        params,
        body: z.object({ password: password.optional() }),
      },
    },
    async (request) => {
      const admin = requireAdmin(request.principal);
      const { id } = request.params;
      const given = request.body.password;
      if (given === undefined) {
        await shown(request, id);
        return { invite: await inviteOf(request, database.db, id, admin.userId) };
      }
      await database.db.transaction().execute((trx) => setUserPassword(trx, admin.userId, id, given));
      auth.tokensRevoked();
      return { detail: answerIn(request, say('auth.password_saved')) };
    },
  );

  api.get(
    '/invites/:token/',
    {
      config: { public: true },
      schema: {
        tags: [API_TAGS.signIn],
        operationId: 'getInvite',
        summary: 'Whose one-time link this is, while it can still be used',
        description: "Public: the link's token is the key. 404 once used, expired or replaced.",
        params: tokenParams,
        response: { 200: z.object({ username: z.string(), first_name: z.string(), last_name: z.string() }) },
      },
    },
    async (request) => {
      const { username, first_name, last_name } = await inviteOwner(database.db, request.params.token);
      return { username, first_name, last_name };
    },
  );

  api.post(
    '/invites/:token/',
    {
      config: { public: true },
      schema: {
        tags: [API_TAGS.signIn],
        operationId: 'acceptInvite',
        summary: 'Set the password with a one-time link (used up once done)',
        description:
          "Public: the link's token is the key; the password follows the same rules as any other. The link then stops working.",
        params: tokenParams,
        body: z.object({ password }),
        response: { 200: z.object({ detail: z.string() }) },
      },
    },
    async (request) => {
      await database.db
        .transaction()
        .execute((trx) => acceptInvite(trx, request.params.token, request.body.password));
      auth.tokensRevoked();
      return { detail: answerIn(request, say('auth.password_saved')) };
    },
  );
}
