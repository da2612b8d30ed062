import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { answerIn } from '../../i18n/answers.js';
import { say } from '../../i18n/message.js';
import { API_TAGS } from '../engine/api-names.js';
import type { ContactMailer } from './contact.mail.js';
import { contactCreated, contactRequestSchema } from './contact.schema.js';
import { contactService } from './contact.service.js';
import { smtpMailer } from './smtp-mailer.js';

/** POST /api/contact/: the public contact form (anonymous). */
export async function contactRoutes(app: FastifyInstance, { config, database }: AppContext) {
  const { smtpUrl } = config.mail;
  const mailer: ContactMailer | null = smtpUrl ? smtpMailer({ ...config.mail, smtpUrl }) : null;
  const service = contactService(database, mailer, app.log, config.contactLimit);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/contact/',
    {
      config: { public: true },
      schema: {
        operationId: 'sendContactRequest',
        tags: [API_TAGS.service],
        summary: 'Send a contact request from the public site',
        description:
          'Stores the request and, when SMTP is configured, mails it to the sales address. `accepted_terms` must be true. ' +
          'One address sends at most CONTACT_MAX_PER_ADDRESS requests (5) in CONTACT_WINDOW_MINUTES (60): past them 429 with Retry-After.',
        body: contactRequestSchema,
        response: { 201: contactCreated },
      },
    },
    async (request, reply) => {
      const id = await service.create(request.body, request.ip);
      return reply.code(201).send({ id, detail: answerIn(request, say('contact.received')) });
    },
  );
}
