import type { ContactRequest } from './contact.schema.js';

/** Sends a contact request by e-mail; the service uses it only when SMTP is configured. */
export interface ContactMailer {
  send(message: { subject: string; text: string; replyTo: string }): Promise<void>;
}

/** The mail the sales team receives: every field, plain text, replying goes to the requester. */
export function contactMail(id: string, request: ContactRequest) {
  const lines = [
    `Contact request ${id}`,
    '',
    `Name: ${request.name}`,
    `E-mail: ${request.email}`,
    `Phone: ${request.phone || '-'}`,
    `Company: ${request.company}`,
    `Product: ${request.product}`,
    `Language: ${request.language}`,
    `Accepted terms and privacy policy: ${request.accepted_terms ? 'yes' : 'no'}`,
    '',
    'Comments:',
    request.comments || '-',
  ];
  return {
    subject: `[karbontrack] Contact request from ${request.name} (${request.company})`,
    text: lines.join('\n'),
    replyTo: request.email,
  };
}
