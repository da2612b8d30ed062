// SQL of the webhook admin routes: endpoints and their deliveries.
import { type Kysely, sql } from 'kysely';

export interface EndpointValues {
  account: string;
  url: string;
  events: string[];
  description: string;
  active: boolean;
}

const ENDPOINT = sql`e.id::text as id, json_build_object('id', a.id, 'trade_name', a.trade_name) as account, e.url, e.events,
  e.description, e.active, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(e.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

const stamp = (column: string) =>
  sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const DELIVERY = sql`d.id::text as id, d.endpoint::text as endpoint, d.event_type, d.resource, d.record_id::text as record_id,
  d.status, d.attempts, d.last_status, d.last_error, ${stamp('d.last_attempt_at')} as last_attempt_at,
  ${stamp('d.next_attempt_at')} as next_attempt_at, ${stamp('d.delivered_at')} as delivered_at,
  ${stamp('d.retry_until')} as retry_until, ${stamp('d.created_at')} as created_at, d.body::json as payload`;

export function webhooksRepository(db: Kysely<unknown>) {
  return {
    async accountExists(id: string) {
      const rows = await sql`select 1 from accounts where id = ${id} and deleted_at is null`.execute(db);
      return rows.rows.length > 0;
    },
    async listEndpoints(account: string | undefined) {
      const rows = await sql<
        Record<string, unknown>
      >`select ${ENDPOINT} from webhook_endpoint e join accounts a on a.id = e.account
        ${account ? sql`where e.account = ${account}` : sql``} order by a.trade_name, e.created_at`.execute(
        db,
      );
      return rows.rows;
    },
    async findEndpoint(id: string) {
      const rows = await sql<Record<string, unknown>>`select ${ENDPOINT}, e.secret from webhook_endpoint e
        join accounts a on a.id = e.account where e.id = ${id}`.execute(db);
      return rows.rows[0];
    },
    async createEndpoint(id: string, values: EndpointValues, secret: string, userId: string) {
      await sql`insert into webhook_endpoint (id, account, url, events, secret, description, active, created_by)
        values (${id}, ${values.account}, ${values.url}, ${values.events}::text[], ${secret}, ${values.description},
          ${values.active}, ${userId})`.execute(db);
    },
    async updateEndpoint(id: string, values: Partial<Omit<EndpointValues, 'account'>>) {
      const sets = Object.entries(values)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) =>
          name === 'events' ? sql`events = ${value}::text[]` : sql`${sql.ref(name)} = ${value}`,
        );
      const result =
        await sql`update webhook_endpoint set ${sql.join([...sets, sql`updated_at = now()`])} where id = ${id}`.execute(
          db,
        );
      return Number(result.numAffectedRows ?? 0) > 0;
    },
    async deleteEndpoint(id: string) {
      const result = await sql`delete from webhook_endpoint where id = ${id}`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },
    async listDeliveries(filter: { endpoint?: string; status?: string }, page: number, pageSize: number) {
      const conditions = [sql`true`];
      if (filter.endpoint) conditions.push(sql`d.endpoint = ${filter.endpoint}`);
      if (filter.status) conditions.push(sql`d.status = ${filter.status}`);
      const where = sql.join(conditions, sql` and `);
      const count = await sql<{
        n: number;
      }>`select count(*)::int as n from webhook_delivery d where ${where}`.execute(db);
      const rows = await sql<
        Record<string, unknown>
      >`select ${DELIVERY} from webhook_delivery d where ${where}
        order by d.created_at desc, d.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db);
      return { count: count.rows[0]?.n ?? 0, results: rows.rows };
    },
    async findDelivery(id: string) {
      const rows = await sql<
        Record<string, unknown>
      >`select ${DELIVERY} from webhook_delivery d where d.id = ${id}`.execute(db);
      return rows.rows[0];
    },
    /** Sent again from now: pending, due at once, retried for another 24 hours. */
    async replay(id: string) {
      const result =
        await sql`update webhook_delivery set status = 'pending', next_attempt_at = now(), locked_until = null,
        retry_until = now() + interval '24 hours' where id = ${id}`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },
  };
}
