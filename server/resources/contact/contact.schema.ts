import { z } from 'zod';

// The request's schema is the domain's (src/domain/contact.ts), shared with the browser's contact form.
export { type ContactRequest, contactRequestSchema } from '../../../src/domain/contact.js';

export const contactCreated = z.object({ id: z.string(), detail: z.string() });
