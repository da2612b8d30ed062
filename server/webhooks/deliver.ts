// Sends due deliveries: each claimed by one process (FOR UPDATE SKIP LOCKED, then held for a lease),
// POSTed signed, and recorded: delivered on a 2xx, else tried again with backoff until 24 hours after
// the event (or the replay), then failed. A process that dies mid-send leaves the lease to expire.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { signedHeaders } from './signature.js';

export interface DeliveryOptions {
  /** How long a receiver has to answer, ms. */
  timeoutMs: number;
  /** Waits before the 2nd, 3rd... attempt, seconds (the last repeats). */
  retryDelays: number[];
}

interface Claimed {
  id: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
}

async function attempt(
  delivery: Claimed,
  options: DeliveryOptions,
): Promise<{ status: number | null; error: string | null }> {
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'karbontrack-webhooks/1',
        ...signedHeaders(delivery.secret, delivery.id, delivery.body),
      },
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    await response.body?.cancel();
    return { status: response.status, error: response.ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return {
      status: null,
      error:
        name === 'TimeoutError'
          ? `no answer within ${options.timeoutMs} ms`
          : String((error as Error)?.cause ?? error).slice(0, 300),
    };
  }
}

/** Sends up to `limit` due deliveries; answers how many it tried. */
export async function sendDue(database: Database, options: DeliveryOptions, limit = 10): Promise<number> {
  const { db } = database;
  const lease = Math.ceil(options.timeoutMs / 1000) + 30;
  const claimed = await sql<Claimed>`update webhook_delivery d
      set locked_until = now() + make_interval(secs => ${lease}), attempts = d.attempts + 1, last_attempt_at = now()
    from webhook_endpoint e
    where e.id = d.endpoint and d.id in (
      select w.id from webhook_delivery w join webhook_endpoint x on x.id = w.endpoint
      where w.status = 'pending' and x.active and w.next_attempt_at <= now()
        and (w.locked_until is null or w.locked_until < now())
      order by w.next_attempt_at limit ${limit} for update of w skip locked)
    returning d.id::text as id, d.body, d.attempts, e.url, e.secret`.execute(db);
  await Promise.all(
    claimed.rows.map(async (delivery) => {
      const result = await attempt(delivery, options);
      if (result.error === null) {
        await sql`update webhook_delivery set status = 'delivered', delivered_at = now(), last_status = ${result.status},
          last_error = null, locked_until = null where id = ${delivery.id}`.execute(db);
        return;
      }
      const delays = options.retryDelays;
      const wait = delays[Math.min(delivery.attempts - 1, delays.length - 1)] ?? 60;
      await sql`update webhook_delivery set last_status = ${result.status}, last_error = ${result.error}, locked_until = null,
          next_attempt_at = now() + make_interval(secs => ${wait}),
          status = case when now() + make_interval(secs => ${wait}) > retry_until then 'failed' else 'pending' end
        where id = ${delivery.id}`.execute(db);
    }),
  );
  return claimed.rows.length;
}
