import nodemailer from 'nodemailer';
import type { ContactMailer } from './contact.mail.js';

interface MailConfig {
  smtpUrl?: string;
  from: string;
  contactTo?: string;
}

/** Mails through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpMailer(config: MailConfig & { smtpUrl: string }): ContactMailer {
  const transport = nodemailer.createTransport(config.smtpUrl);
  // Without CONTACT_MAIL_TO the requests go to the sender address (the team's own mailbox).
  const to = config.contactTo ?? config.from;
  return {
    async send(message) {
      await transport.sendMail({ from: config.from, to, ...message });
    },
  };
}
