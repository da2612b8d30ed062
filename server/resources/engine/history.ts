import { sql } from 'kysely';
import type { HistoryEntry } from '../../../src/domain/history.js';
import { isUuid } from '../../../src/domain/ids.js';
import type { Resource } from '../../../src/domain/resource.js';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { readCondition } from './access.js';

/** Who changed which fields of a record, from what to what, oldest first (deleted records included). */
export async function recordHistory(
  database: Database,
  resource: Resource,
  principal: Principal | null,
  id: string,
): Promise<HistoryEntry[]> {
  if (!isUuid(id)) throw notFound();
  const access = readCondition(resource, principal);
  const visible =
    await sql`select 1 from ${sql.table(resource.table)} as t where t.id = ${id} ${access ? sql`and ${access}` : sql``}`.execute(
      database.db,
    );
  if (visible.rows.length === 0) throw notFound();
  const rows = await sql<Omit<HistoryEntry, 'changes'> & { changes: Record<string, [unknown, unknown]> }>`
    select a.action, a.version, a.changes, a.client_id, a.occurred_at, a.at, a.note,
      case when u.id is null then null else json_build_object('id', u.id, 'username', u.username, 'first_name', u.first_name, 'last_name', u.last_name) end as user
    from audit_log a left join users u on u.id = a.user_id
    where a.resource = ${resource.name} and a.record_id = ${id} order by a.id`.execute(database.db);
  return rows.rows.map((row) => ({
    ...row,
    changes: Object.fromEntries(
      Object.entries(row.changes).map(([field, [from, to]]) => [field, { from, to }]),
    ),
  }));
}
