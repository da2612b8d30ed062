import { uuidv7 } from '../../../src/domain/ids.js';
import type { Database } from '../../db/database.js';
import type { ContactRequest } from './contact.schema.js';

interface ContactRequestTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  comments: string;
  product: string;
  language: string;
  accepted_terms: boolean;
  mailed_at: string | null;
  mail_error: string | null;
}

export function contactRepository({ db }: Database) {
  const table = db.withTables<{ contact_request: ContactRequestTable }>();
  return {
    async insert(request: ContactRequest): Promise<string> {
      const id = uuidv7();
      await table
        .insertInto('contact_request')
        .values({ id, ...request, mailed_at: null, mail_error: null })
        .execute();
      return id;
    },
    async markMailed(id: string, error?: string): Promise<void> {
      await table
        .updateTable('contact_request')
        .set(
          error
            ? { mail_error: error.slice(0, 1000) }
            : { mailed_at: new Date().toISOString(), mail_error: null },
        )
        .where('id', '=', id)
        .execute();
    },
  };
}
