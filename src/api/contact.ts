import type { ContactRequest } from '../domain/contact';
import { api } from './client';

export type { ContactRequest };

export async function sendContactRequest(request: ContactRequest): Promise<void> {
  await api.post('contact/', { json: request });
}
