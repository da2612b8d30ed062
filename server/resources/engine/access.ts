import { type RawBuilder, sql } from 'kysely';
import type { Resource, Role } from '../../../src/domain/resource.js';
import type { Principal } from '../../auth/principal.js';
import { forbidden, notAuthenticated } from '../../http/errors.js';
import { say } from '../../i18n/message.js';

/**
 * Who may read what. Users read everything. A customer's token reads only the projects whose customer
 * is its account, those projects' rows (a container report linked to one of them too), and the reference
 * lists (not users, not other container reports).
 * Returns the extra WHERE condition for the caller, or throws 403.
 */
export function readCondition(
  resource: Resource,
  principal: Principal | null,
  alias = 't',
): RawBuilder<unknown> | null {
  if (!principal) throw notAuthenticated();
  if (principal.kind === 'user') return null;
  if (resource.name === 'project') return sql`${sql.ref(`${alias}.customer`)} = ${principal.accountId}`;
  // Other customers (their tax ids, mails, phones) are not for a customer to see: only its own account.
  if (resource.name === 'accounts') return sql`${sql.ref(`${alias}.id`)} = ${principal.accountId}`;
  // A container report is global (every device has it) but may name the call it was made for.
  if (resource.name === 'container-report')
    return sql`${sql.ref(`${alias}.project`)} in (select id from project where customer = ${principal.accountId} and deleted_at is null)`;
  if (resource.scope === 'project' && resource.projectField)
    return sql`${sql.ref(`${alias}.${resource.projectField}`)} in (select id from project where customer = ${principal.accountId} and deleted_at is null)`;
  if (resource.kind === 'lookup' && resource.name !== 'users') return null;
  throw forbidden();
}

export type WriteAction = 'create' | 'write' | 'delete';

const neededRole = (resource: Resource, action: WriteAction): Role | null => {
  if (action === 'delete') return resource.deletableBy;
  if (action === 'create') return resource.creatableBy;
  // An update: who may edit, or (checked on the row by checkUpdate) whoever added the entry.
  return resource.writableBy === 'admin' && resource.creatableBy === 'staff' ? 'staff' : resource.writableBy;
};

/**
 * Who may create, update and delete: admins everything; staff what the registry allows; customers
 * nothing. 'write' is an update (or any change of a record that is not a create or a delete).
 */
export function checkWrite(resource: Resource, principal: Principal | null, action: WriteAction) {
  if (!principal) throw notAuthenticated();
  if (principal.kind !== 'user') throw forbidden(say('access.read_only'));
  const needed = neededRole(resource, action);
  if (needed === null) throw forbidden();
  if (needed === 'admin' && principal.role !== 'admin') throw forbidden();
  return principal;
}

/**
 * An update of a stored row: by whoever may edit the resource, or by the one who added a reference
 * entry staff may add (a typo in the vessel they just made). `role` unknown: a write the server makes.
 */
export function checkUpdate(
  resource: Resource,
  actor: { userId: string; role?: Role },
  row: Record<string, unknown>,
) {
  if (actor.role === undefined || actor.role === 'admin' || resource.writableBy === 'staff') return;
  if (resource.creatableBy === 'staff' && row.created_by === actor.userId) return;
  throw forbidden();
}
