import { onFirstUse } from '../../lazy-module.js';
import type { ContactMailer } from './contact.mail.js';

interface MailConfig {
  smtpUrl?: string;
  from: string;
  contactTo?: string;
}

/**
 * Mails through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). nodemailer
 * and the one transport are made with the first mail; a failed load fails that mail (the request is
 * kept, marked not mailed) and the next mail tries again.
 */
export function smtpMailer(config: MailConfig & { smtpUrl: string }): ContactMailer {
  const transport = onFirstUse(async () =>
    (await import('nodemailer')).default.createTransport(config.smtpUrl),
  );
  // Without CONTACT_MAIL_TO the requests go to the sender address (the team's own mailbox).
  const to = config.contactTo ?? config.from;
  return {
    async send(message) {
      await (await transport()).sendMail({ from: config.from, to, ...message });
    },
  };
}
