// What an admin does to a user, inside one transaction: edit names, e-mail and role, deactivate
// (every token of the user revoked at once), reactivate, set a password. The last active admin is
// never deactivated nor made staff. Each change is in the audit log like any record's.
import { type Kysely, sql } from 'kysely';
import { resources } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import { hashPassword, passwordProblems } from '../auth/passwords.js';
import type { Tables } from '../db/tables.js';
import { type FieldErrors, notFound, ValidationError } from '../http/errors.js';
import { say } from '../i18n/message.js';
import { recordAudit } from '../resources/engine/audit.js';
import { profileProblems } from './users.service.js';

type Db = Kysely<Tables>;

export interface UserChanges {
  first_name?: string;
  last_name?: string;
  email?: string;
  role?: 'admin' | 'staff';
  is_active?: boolean;
}

const EDITABLE = ['first_name', 'last_name', 'email', 'role', 'is_active'] as const;

async function lockUser(db: Db, id: string) {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw notFound();
  return user;
}

/** Refuses a change that would leave no active admin (admins locked, so two at once cannot both pass). */
async function keepAnAdmin(
  db: Db,
  id: string,
  after: { role: string; is_active: boolean },
  errors: FieldErrors,
) {
  if (after.role === 'admin' && after.is_active) return;
  const admins = await sql<{ id: string }>`select id from users
    where role = 'admin' and is_active and deleted_at is null order by id for update`.execute(db);
  if (admins.rows.some((row) => row.id !== id)) return;
  if (!admins.rows.some((row) => row.id === id)) return;
  if (!after.is_active) errors.is_active = [say('user.last_admin_active')];
  else errors.role = [say('user.last_admin_role')];
}

/** Applies an admin's changes; answers whether the user's tokens were revoked (deactivated). */
export async function changeUser(db: Db, adminId: string, id: string, input: UserChanges): Promise<boolean> {
  const user = await lockUser(db, id);
  const next = { ...input, email: input.email?.trim() };
  const errors: FieldErrors = profileProblems(next);
  await keepAnAdmin(
    db,
    id,
    { role: next.role ?? user.role, is_active: next.is_active ?? user.is_active },
    errors,
  );
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of EDITABLE) {
    const value = next[field];
    if (value !== undefined && value !== user[field]) changes[field] = [user[field], value];
  }
  if (Object.keys(changes).length === 0) return false;
  const version = user.version + 1;
  await db
    .updateTable('users')
    .set({
      ...Object.fromEntries(Object.entries(changes).map(([field, [, value]]) => [field, value])),
      version,
      updated_at: sql`now()`,
      updated_by: adminId,
    })
    .where('id', '=', id)
    .execute();
  await recordAudit(db as unknown as Kysely<unknown>, {
    resource: resources.users as Resource,
    id,
    action: 'update',
    version,
    changes,
    actor: { userId: adminId },
  });
  const deactivated = changes.is_active?.[1] === false;
  if (deactivated) await revokeAll(db, id);
  return deactivated;
}

/** Every sign-in token and unused link of the user stops working. */
async function revokeAll(db: Db, id: string) {
  await db.deleteFrom('auth_token').where('user_id', '=', id).execute();
  await sql`delete from user_invite where user_id = ${id} and used_at is null`.execute(db);
}

/** An admin sets a user's password: every token of the user is revoked (they sign in with the new one). */
export async function setUserPassword(db: Db, adminId: string, id: string, password: string) {
  const user = await lockUser(db, id);
  const problems = passwordProblems(password, user);
  if (problems.length > 0) throw new ValidationError({ password: problems });
  await db
    .updateTable('users')
    .set({
      password_hash: await hashPassword(password),
      version: user.version + 1,
      updated_at: sql`now()`,
      updated_by: adminId,
    })
    .where('id', '=', id)
    .execute();
  await revokeAll(db, id);
}
