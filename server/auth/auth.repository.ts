import { sql } from 'kysely';
import { type AttemptCounts, countAndRecord } from '../db/attempts.js';
import type { Database } from '../db/database.js';

export function authRepository({ db }: Database) {
  return {
    findUserByUsername(username: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'role', 'password_hash', 'is_active', 'email'])
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    findUserById(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'first_name', 'last_name', 'email', 'role', 'password_hash'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    async insertToken(hash: string, owner: { userId?: string; accountId?: string }, name = '') {
      await db
        .insertInto('auth_token')
        .values({
          token_hash: hash,
          user_id: owner.userId ?? null,
          account_id: owner.accountId ?? null,
          name,
        })
        .execute();
    },

    /** The token's owner, if the token exists, was used within the idle limit, and its user is active. */
    findTokenOwner(hash: string, idleDays: number) {
      return db
        .selectFrom('auth_token as t')
        .leftJoin('users as u', 'u.id', 't.user_id')
        .select([
          't.user_id',
          't.account_id',
          't.last_used_at',
          'u.username',
          'u.role',
          'u.is_active',
          'u.deleted_at',
          sql<boolean>`t.last_used_at < now() - make_interval(days => ${idleDays})`.as('expired'),
          sql<boolean>`t.last_used_at < now() - interval '1 minute'`.as('stale'),
        ])
        .where('t.token_hash', '=', hash)
        .executeTakeFirst();
    },

    async touchToken(hash: string) {
      await db
        .updateTable('auth_token')
        .set({ last_used_at: sql`now()` })
        .where('token_hash', '=', hash)
        .execute();
    },

    async deleteToken(hash: string) {
      await db.deleteFrom('auth_token').where('token_hash', '=', hash).execute();
    },

    async deleteUserTokensExcept(userId: string, keepHash: string) {
      await db
        .deleteFrom('auth_token')
        .where('user_id', '=', userId)
        .where('token_hash', '!=', keepHash)
        .execute();
    },

    async setPassword(userId: string, passwordHash: string) {
      await db
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          updated_at: sql`now()`,
          updated_by: userId,
          version: sql`version + 1`,
        })
        .where('id', '=', userId)
        .execute();
    },

    /** Counts and records an attempt (server/db/attempts.ts). */
    countAndRecord: (keys: string[], windowMinutes: number, admit: (counts: AttemptCounts[]) => boolean) =>
      countAndRecord(db, keys, windowMinutes, admit),

    async forgetAttempt(key: string, at: string | undefined) {
      if (at === undefined) return;
      await db
        .deleteFrom('login_failure')
        .where('key', '=', key)
        .where('at', '=', sql<string>`${at}::timestamptz`)
        .execute();
    },

    async clearFailures(key: string) {
      await db.deleteFrom('login_failure').where('key', '=', key).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
