// What a pushed mutation that is not applied is answered (push.ts): the rules' and the database's
// refusals as field errors, a record someone else left (deleted, validated) as a conflict; and the refused
// second validation of a packing item, kept for the coil report.
import { type Kysely, sql } from 'kysely';
import { allFields } from '../../src/domain/columns.js';
import type { Resource } from '../../src/domain/resource.js';
import type { Mutation, MutationResult as WireResult } from '../../src/domain/sync-wire.js';
import { databaseRefusal } from '../http/database-errors.js';
import { ConflictError, HttpError, ValidationError } from '../http/errors.js';
import { Message, type Text } from '../i18n/message.js';
import type { Actor } from '../resources/engine/write.js';

export type MutationResult = WireResult<Text>;

/** The record stands as someone else left it: `detail` says how (deleted, not_found). */
export class Conflict extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** A tablet's validation of an item already validated, refused: kept for the coil report's exceptions. */
export async function recordTallyRefusal(
  db: Kysely<unknown>,
  actor: Actor,
  mutation: Mutation,
  detail: string,
) {
  const data = mutation.data ?? {};
  const hand = typeof data.validation_hand === 'string' ? data.validation_hand : null;
  const hold = Number.isInteger(data.validation_hold) ? Number(data.validation_hold) : null;
  await sql`insert into tally_refusal (mutation_id, packing_item, project, user_id, client_id, occurred_at,
      validation_hand, validation_hold, detail)
    select ${mutation.mutation_id}, p.id, p.project, ${actor.userId}, ${actor.clientId ?? null},
      ${mutation.occurred_at ?? null}::timestamptz, ${hand}::uuid, ${hold}::integer, ${detail}
    from packing_list p where p.id = ${mutation.id}
    on conflict (mutation_id) do nothing`.execute(db);
}

const fieldNames = (resource: Resource) => Object.keys(allFields(resource));

/**
 * The answer for a mutation the rules refuse, or the database refused (an integrity or data error: its
 * field named where the error says which); undefined for an unexpected error.
 */
export function refusal(error: unknown, mutation_id: string, resource: Resource): MutationResult | undefined {
  // The record stands as someone else left it (deleted; validated by another prompter: engine/tally.ts).
  if (error instanceof Conflict || error instanceof ConflictError)
    return { mutation_id, status: 'conflict', detail: error.detail, row: null };
  const refused = error instanceof ValidationError ? error : databaseRefusal(error, fieldNames(resource));
  if (refused) return { mutation_id, status: 'rejected', errors: refused.fields };
  if (error instanceof HttpError && error.statusCode < 500 && error.statusCode !== 401) {
    // A keyed detail (no permission, a record deleted) stays keyed: worded in the push's language, and
    // its key beside it for the device to word in its user's (server/i18n/answers.ts).
    const { detail } = error.body;
    const text = detail instanceof Message || typeof detail === 'string' ? detail : error.message;
    return { mutation_id, status: 'rejected', errors: { non_field_errors: [text] } };
  }
  return undefined;
}
