import { z } from 'zod';

// The contact request as POST /api/contact/ takes it. The browser's type is src/api/contact.ts; the test
// beside this file checks that the two agree.
export const contactRequestSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(254),
  phone: z.string().trim().max(50).default(''),
  company: z.string().trim().min(1).max(200),
  comments: z.string().max(5000).default(''),
  product: z.literal('karbontrack').default('karbontrack'),
  language: z.enum(['en', 'es']).default('en'),
  accepted_terms: z.boolean().refine((accepted) => accepted, {
    message: 'Please, accept the Terms and conditions, and the Privacy Policy',
  }),
});

export type ContactRequestInput = z.infer<typeof contactRequestSchema>;

export const contactCreated = z.object({ id: z.string(), detail: z.string() });
