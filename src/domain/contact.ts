import './zod-config';
import { z } from 'zod';
import { messages } from './messages';

// The public contact request: POST /api/contact/ validates with this schema and the contact form checks
// with it before sending, so the two can never disagree.
export const CONTACT_REQUIRED_FIELDS = ['name', 'email', 'company'] as const;

/** The languages a contact request may ask to be answered in. */
export const contactLanguages = ['en', 'es'] as const;

export const contactRequestSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().max(254).pipe(z.email()),
  phone: z.string().trim().max(50).default(''),
  company: z.string().trim().min(1).max(200),
  comments: z.string().max(5000).default(''),
  product: z.literal('karbontrack').default('karbontrack'),
  language: z.enum(contactLanguages).default('en'),
  accepted_terms: z.boolean().refine((accepted) => accepted, {
    message: messages.acceptTerms,
  }),
});

/** A checked request: what the form holds and sends, what the server stores. */
export type ContactRequest = z.output<typeof contactRequestSchema>;
