// Turns committed changes into deliveries: follows the audit log by its seq (commit order) from a
// cursor in the database, locked while it moves (SKIP LOCKED: with several server processes, one
// moves it at a time and each change becomes its deliveries once). A delivery carries the record as
// the REST API reads it, and goes only to endpoints of the account whose project it belongs to.
import { type Kysely, sql } from 'kysely';
import { uuidv7 } from '../../src/domain/ids.js';
import { getResource } from '../../src/domain/registry.js';
import type { Database } from '../db/database.js';
import { cachedSelect } from '../resources/engine/representation.js';
import { type Change, eventsOf, mayMake } from './events.js';

const RETRY_HOURS = 24;

interface Entry extends Change {
  seq: string;
  record_id: string;
  at: string;
}
interface Endpoint {
  id: string;
  account: string;
  events: string[];
}

/** The record as the API reads it (deleted_at included, so a tombstone reads too), as JSON text. */
async function readRecord(db: Kysely<unknown>, resourceName: string, id: string) {
  const resource = getResource(resourceName);
  if (!resource) return undefined;
  const select = cachedSelect(db, resource, { json: true, deleted: true });
  const rows = await sql<{ json: string }>`select row_to_json(x)::text as json from (select ${select}
    from ${sql.table(resource.table)} as t where t.id = ${id}) as x`.execute(db);
  return rows.rows[0]?.json;
}

/** The customer account whose project the record is (or is), if any. */
async function accountOf(db: Kysely<unknown>, resource: string, record: Record<string, unknown>) {
  const idOf = (ref: unknown) =>
    ref && typeof ref === 'object' ? String((ref as { id: unknown }).id) : undefined;
  if (resource === 'project') return idOf(record.customer);
  const project = idOf(record.project);
  if (!project) return undefined;
  const rows = await sql<{
    customer: string | null;
  }>`select customer from project where id = ${project}`.execute(db);
  return rows.rows[0]?.customer ?? undefined;
}

async function deliveriesOf(db: Kysely<unknown>, entry: Entry, endpoints: Endpoint[]) {
  const json = await readRecord(db, entry.resource, entry.record_id);
  if (!json) return;
  const record = JSON.parse(json) as Record<string, unknown>;
  const account = await accountOf(db, entry.resource, record);
  const mine = endpoints.filter((endpoint) => endpoint.account === account);
  if (mine.length === 0) return;
  for (const type of eventsOf(entry, record)) {
    const body = JSON.stringify({ type, timestamp: entry.at, resource: entry.resource, data: record });
    for (const endpoint of mine.filter((e) => e.events.includes(type)))
      await sql`insert into webhook_delivery (id, endpoint, event_type, resource, record_id, body, retry_until)
        values (${uuidv7()}, ${endpoint.id}, ${type}, ${entry.resource}, ${entry.record_id}, ${body},
          now() + make_interval(hours => ${RETRY_HOURS}))`.execute(db);
  }
}

/**
 * Moves the cursor over at most `limit` changes, making their deliveries; answers how many changes it
 * read (0: nothing new, or another process holds the cursor).
 */
export async function fanOut(database: Database, limit = 100): Promise<number> {
  return database.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Kysely<unknown>;
    const cursor = await sql<{
      seq: string;
    }>`select audit_seq as seq from webhook_cursor where id = 1 for update skip locked`.execute(db);
    const from = cursor.rows[0]?.seq;
    if (from === undefined) return 0;
    // How far the log goes, then who listens: an endpoint committed before a change is then always
    // seen (read the other way round, one registered between the two reads would miss that change).
    const top = await sql<{ seq: string | null }>`select max(seq)::text as seq from audit_log`.execute(db);
    const end = top.rows[0]?.seq;
    if (end === null || end === undefined || BigInt(end) <= BigInt(from)) return 0;
    const endpoints = await sql<Endpoint>`select e.id, e.account, e.events from webhook_endpoint e
      join accounts a on a.id = e.account where e.active and a.deleted_at is null`.execute(db);
    if (endpoints.rows.length === 0) {
      // No one listens: the cursor jumps over everything written so far (an import's 20,000 changes
      // would otherwise be read 100 at a time for nothing).
      await sql`update webhook_cursor set audit_seq = ${end} where id = 1`.execute(db);
      return 0;
    }
    const entries =
      await sql<Entry>`select seq::text as seq, resource, record_id::text as record_id, action, changes,
        to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from audit_log where seq > ${from} and seq <= ${end} order by seq limit ${limit}`.execute(db);
    const last = entries.rows.at(-1)?.seq ?? end;
    const wanted = new Set(endpoints.rows.flatMap((endpoint) => endpoint.events));
    for (const entry of entries.rows)
      if (mayMake(entry.resource, wanted)) await deliveriesOf(db, entry, endpoints.rows);
    await sql`update webhook_cursor set audit_seq = ${last} where id = 1`.execute(db);
    return entries.rows.length;
  });
}
