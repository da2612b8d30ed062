import { type RawBuilder, sql } from 'kysely';
import { type AttemptCounts, countAndRecord } from '../db/attempts.js';
import type { Database } from '../db/database.js';

/** A token used within the idle limit (slides with each use, touchToken). Over `auth_token as t`. */
const fresh = (idleDays: number) =>
  sql<boolean>`t.last_used_at >= now() - make_interval(days => ${idleDays})`;

/**
 * Whether a token stands: fresh, and a user's token only while its user is there and active (a customer's
 * ERP token has no user). Over `auth_token as t left join users as u on u.id = t.user_id`. The one rule
 * for both readers of a token: authenticate (findTokenOwner) and the re-check a route makes in its own
 * statement (tokenStands below): a rule added here holds for both.
 */
const standing = (idleDays: number) =>
  sql<boolean>`(${fresh(idleDays)} and (t.account_id is not null or (u.id is not null and u.is_active and u.deleted_at is null)))`;

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

    /**
     * The token's owner, if the token exists: `stands` when it may be used (standing), `expired` when it
     * was left unused past the idle limit (to be deleted), `stale` when its last use is older than a minute.
     */
    findTokenOwner(hash: string, idleDays: number) {
      return db
        .selectFrom('auth_token as t')
        .leftJoin('users as u', 'u.id', 't.user_id')
        .select([
          't.user_id',
          't.account_id',
          'u.username',
          'u.role',
          standing(idleDays).as('stands'),
          sql<boolean>`not ${fresh(idleDays)}`.as('expired'),
          sql<boolean>`t.last_used_at < now() - interval '1 minute'`.as('stale'),
        ])
        .where('t.token_hash', '=', hash)
        .executeTakeFirst();
    },

    /** SQL: whether the token still stands, by the same rule as findTokenOwner (for a route's own statement). */
    tokenStands(hash: string, idleDays: number): RawBuilder<boolean> {
      return sql<boolean>`exists (select 1 from auth_token t left join users u on u.id = t.user_id
        where t.token_hash = ${hash} and ${standing(idleDays)})`;
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
