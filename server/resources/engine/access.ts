import { type RawBuilder, sql } from 'kysely';
import type { Resource } from '../../../src/domain/resource.js';
import type { Principal } from '../../auth/principal.js';
import { forbidden, notAuthenticated } from '../../http/errors.js';

/**
 * Who may read what. Users read everything. A customer's token reads only the projects whose customer
 * is its account, those projects' rows, and the reference lists (not users, not container reports).
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
  if (resource.scope === 'project' && resource.projectField)
    return sql`${sql.ref(`${alias}.${resource.projectField}`)} in (select id from project where customer = ${principal.accountId} and deleted_at is null)`;
  if (resource.kind === 'lookup' && resource.name !== 'users') return null;
  throw forbidden();
}

/** Who may create, update and delete: admins everything; staff what the registry allows; customers nothing. */
export function checkWrite(resource: Resource, principal: Principal | null, action: 'write' | 'delete') {
  if (!principal) throw notAuthenticated();
  if (principal.kind !== 'user') throw forbidden('This token is read-only.');
  const needed = action === 'delete' ? resource.deletableBy : resource.writableBy;
  if (needed === null) throw forbidden();
  if (needed === 'admin' && principal.role !== 'admin') throw forbidden();
  return principal;
}
