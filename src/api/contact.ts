import { api } from './client';

// The contact request as POST /api/contact/ takes it (the server validates the same fields in
// server/resources/contact/contact.schema.ts, and its test checks the two agree).
export interface ContactRequest {
  name: string;
  email: string;
  phone: string;
  company: string;
  comments: string;
  product: 'karbontrack';
  language: 'en' | 'es';
  accepted_terms: boolean;
}

export async function sendContactRequest(request: ContactRequest): Promise<void> {
  await api.post('contact/', { json: request });
}
