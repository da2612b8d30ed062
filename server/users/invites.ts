// One-time links to set a password: made by an admin for a new user (instead of a first password) or
// for one who forgot theirs; shown once, valid for INVITE_DAYS, used once. Only the SHA-256 of the
// link's token is kept, as for sign-in tokens.
import { type Kysely, sql } from 'kysely';
import { hashPassword, passwordProblems } from '../auth/passwords.js';
import { hashToken, newToken } from '../auth/tokens.js';
import type { Tables } from '../db/tables.js';
import { HttpError, ValidationError } from '../http/errors.js';
import { say } from '../i18n/message.js';

const INVITE_DAYS = 7;

type Db = Kysely<Tables>;

export interface Invite {
  /** The page a user opens: /welcome/<token>. */
  path: string;
  expires_at: string;
}

/** A new link for the user; earlier unused ones stop working. */
export async function makeInvite(db: Db, userId: string, adminId: string): Promise<Invite> {
  const { token, hash } = newToken();
  await sql`delete from user_invite where user_id = ${userId} and used_at is null`.execute(db);
  const result = await sql<{ expires_at: string }>`
    insert into user_invite (token_hash, user_id, created_by, expires_at)
    values (${hash}, ${userId}, ${adminId}, now() + make_interval(days => ${INVITE_DAYS}))
    returning expires_at`.execute(db);
  return {
    path: `/welcome/${token}`,
    expires_at: new Date(String(result.rows[0]?.expires_at)).toISOString(),
  };
}

const invalidLink = () => new HttpError(404, { detail: say('user.link_invalid') });

/** Whose link this is (user name and names), while it is unused, unexpired and the user active. */
export async function inviteOwner(db: Db, token: string) {
  const result = await sql<{ id: string; username: string; first_name: string; last_name: string }>`
    select u.id, u.username, u.first_name, u.last_name from user_invite i join users u on u.id = i.user_id
    where i.token_hash = ${hashToken(token)} and i.used_at is null and i.expires_at > now()
      and u.is_active and u.deleted_at is null`.execute(db);
  const owner = result.rows[0];
  if (!owner) throw invalidLink();
  return owner;
}

/** Sets the password of the link's user and uses the link up; every token of the user is revoked. */
export async function acceptInvite(db: Db, token: string, password: string): Promise<string> {
  const owner = await inviteOwner(db, token);
  const problems = passwordProblems(password, { username: owner.username });
  if (problems.length > 0) throw new ValidationError({ password: problems });
  const used = await sql`update user_invite set used_at = now()
    where token_hash = ${hashToken(token)} and used_at is null returning 1`.execute(db);
  if (used.rows.length === 0) throw invalidLink();
  await sql`update users set password_hash = ${await hashPassword(password)}, version = version + 1,
    updated_at = now(), updated_by = ${owner.id} where id = ${owner.id}`.execute(db);
  await sql`delete from auth_token where user_id = ${owner.id}`.execute(db);
  return owner.id;
}
