import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { countAndRecord } from '../../db/attempts.js';
import type { Database } from '../../db/database.js';
import { tooManyRequests } from '../../http/errors.js';
import { say } from '../../i18n/message.js';
import { type ContactMailer, contactMail } from './contact.mail.js';
import { contactRepository } from './contact.repository.js';
import type { ContactRequest } from './contact.schema.js';

export function contactService(
  database: Database,
  mailer: ContactMailer | null,
  log: FastifyBaseLogger,
  limit: Config['contactLimit'],
) {
  const repo = contactRepository(database);
  return {
    /**
     * Stores the request first; the mail is a side effect after the commit and never loses the request.
     * One address sends at most limit.maxPerAddress requests within the window (a form posted in a loop
     * would fill the table and the sales mailbox): past it, 429 with Retry-After, nothing stored.
     */
    async create(request: ContactRequest, address: string): Promise<string> {
      let retry = 0;
      await countAndRecord(database.db, [`contact:${address}`], limit.windowMinutes, ([sent]) => {
        if (!sent || sent.failures < limit.maxPerAddress) return true;
        retry = Math.max(1, Math.ceil((limit.windowMinutes * 60_000 - sent.oldestAgoMs) / 1000));
        return false;
      });
      if (retry > 0)
        throw tooManyRequests(retry, say('contact.too_many', { minutes: Math.ceil(retry / 60) }));
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
