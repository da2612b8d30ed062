import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerIn } from '../i18n/answers.js';
import { say } from '../i18n/message.js';
import { API_TAGS } from '../resources/engine/api-names.js';
import { requireUser } from './auth.plugin.js';
import type { AuthService } from './auth.service.js';

const credentials = z.object({
  username: z.string().trim().min(1).max(150),
  password: z.string().min(1).max(256),
});
const passwordChange = z.object({
  old_password: z.string().min(1).max(256),
  new_password1: z.string().min(1).max(256),
  new_password2: z.string().min(1).max(256),
});
const detail = z.object({ detail: z.string() });

export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/get-token/',
    {
      config: { public: true },
      schema: {
        operationId: 'signIn',
        tags: [API_TAGS.signIn],
        summary: 'Sign in: exchange a user name and password for a token',
        description:
          'Send the token on every other call as `Authorization: Token <token>`. A token expires after 30 days without use. Failed attempts are slowed per user name and address together (a growing wait past a few), and per address (429 with Retry-After); other addresses are not affected.',
        body: credentials,
        response: { 200: z.object({ token: z.string() }) },
        'x-answers': [429],
      },
    },
    async (request) => ({
      token: await auth.signIn(request.body.username, request.body.password, request.ip),
    }),
  );

  api.post(
    '/logout/',
    {
      schema: {
        operationId: 'signOut',
        tags: [API_TAGS.signIn],
        summary: 'Revoke the token in use',
        description: 'The token sent stops working at once; other tokens of the user stay valid.',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (request.principal) await auth.signOut(request.principal);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/rest-auth/password/change/',
    {
      schema: {
        operationId: 'changePassword',
        tags: [API_TAGS.signIn],
        summary: "Change the signed-in user's password",
        description:
          'Other tokens of the user are revoked; the one in use stays valid. Wrong old passwords are slowed like failed sign-ins, per token (429 with Retry-After).',
        body: passwordChange,
        response: { 200: detail },
      },
    },
    async (request) => {
      await auth.changePassword(requireUser(request.principal), request.body);
      return { detail: answerIn(request, say('auth.password_saved')) };
    },
  );
}
