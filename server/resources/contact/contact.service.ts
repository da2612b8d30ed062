import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { type ContactMailer, contactMail } from './contact.mail.js';
import { contactRepository } from './contact.repository.js';
import type { ContactRequest } from './contact.schema.js';

export function contactService(database: Database, mailer: ContactMailer | null, log: FastifyBaseLogger) {
  const repo = contactRepository(database);
  return {
    /** Stores the request first; the mail is a side effect after the commit and never loses the request. */
    async create(request: ContactRequest): Promise<string> {
      const id = await repo.insert(request);
      if (mailer) {
        try {
          await mailer.send(contactMail(id, request));
          await repo.markMailed(id);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          log.warn({ contactRequest: id, err: message }, 'contact request stored but not mailed');
          await repo.markMailed(id, message);
        }
      }
      return id;
    },
  };
}
