import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { say } from '../../i18n/message.js';

export interface Outcome {
  status: number;
  body: unknown;
}

class KeyTaken extends Error {}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/**
 * Runs a write in one transaction. With an `Idempotency-Key`, its answer is stored in the same
 * transaction (kept 30 days), and the same key again gets that answer without a second write; the
 * same key with a different request is a 422. Two requests with one key at once: the second waits
 * for the first and then answers as it did.
 */
export async function runWrite(
  database: Database,
  request: FastifyRequest,
  owner: string,
  write: (trx: Kysely<unknown>) => Promise<Outcome>,
): Promise<Outcome & { replayed: boolean }> {
  const header = request.headers['idempotency-key'];
  const { db } = database;
  if (header === undefined) {
    const outcome = await db.transaction().execute((trx) => write(trx as unknown as Kysely<unknown>));
    return { ...outcome, replayed: false };
  }
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > 255) throw new ValidationError({ 'Idempotency-Key': [say('request.key_length')] });
  const path = request.url.split('?')[0];
  const hash = createHash('sha256')
    .update(JSON.stringify([request.method, path, canonical(request.body ?? null)]))
    .digest('hex');

  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = await sql<{
      request_hash: string;
      status: number;
      response: unknown;
    }>`select request_hash, status, response from idempotency_key where owner = ${owner} and key = ${key} and created_at > now() - interval '30 days'`.execute(
      db,
    );
    const previous = stored.rows[0];
    if (previous) {
      if (previous.request_hash !== hash)
        throw new HttpError(422, {
          detail: say('request.key_reused'),
        });
      return { status: previous.status, body: previous.response, replayed: true };
    }
    try {
      const outcome = await db.transaction().execute(async (trx) => {
        await sql`delete from idempotency_key where owner = ${owner} and key = ${key} and created_at <= now() - interval '30 days'`.execute(
          trx,
        );
        // The key is taken before the write: a concurrent request with it waits here for this
        // commit and then replays the answer. Taken after, its own write ran first and could fail
        // on a unique constraint (a 400 instead of the answer) or create a second row.
        const taken =
          await sql`insert into idempotency_key (owner, key, method, path, request_hash, status, response)
          values (${owner}, ${key}, ${request.method}, ${path}, ${hash}, 0, null)
          on conflict do nothing returning key`.execute(trx);
        if (taken.rows.length === 0) throw new KeyTaken();
        const result = await write(trx as unknown as Kysely<unknown>);
        await sql`update idempotency_key set status = ${result.status}, response = ${JSON.stringify(result.body ?? null)}::jsonb
          where owner = ${owner} and key = ${key}`.execute(trx);
        return result;
      });
      return { ...outcome, replayed: false };
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
    }
  }
  throw new HttpError(409, {
    detail: say('request.key_busy'),
  });
}
