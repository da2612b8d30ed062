import { type Kysely, sql } from 'kysely';
import { uuidv7 } from '../../src/domain/ids.js';
import type { Database } from '../db/database.js';
import type { Tables } from '../db/tables.js';

export interface NewUser {
  username: string;
  passwordHash: string;
  role: 'admin' | 'staff';
  first_name?: string;
  last_name?: string;
  email?: string;
  createdBy?: string | null;
}

type Db = Kysely<Tables>;

export function usersRepository(database: Database | { db: Db }) {
  const { db } = database;
  return {
    async exists(username: string) {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
    async insert(user: NewUser) {
      const id = uuidv7();
      await db
        .insertInto('users')
        .values({
          id,
          username: user.username,
          password_hash: user.passwordHash,
          role: user.role,
          first_name: user.first_name ?? '',
          last_name: user.last_name ?? '',
          email: user.email ?? '',
          created_by: user.createdBy ?? null,
          updated_by: user.createdBy ?? null,
          deleted_at: null,
        })
        .execute();
      return id;
    },
  };
}
