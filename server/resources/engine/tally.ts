// The tally's "validate once" rule, for every write (REST, import, sync push): a packing item already
// validated is not validated again. A new who or when of its validation is a conflict naming who
// validated it and when, never a silent overwrite; the record sent back as read, a corrected hold or
// hand, and an undo (validated: false) are not new validations.
import { type Kysely, sql } from 'kysely';
import type { Resource } from '../../../src/domain/resource.js';
import { ConflictError } from '../../http/errors.js';
import { type Message, say } from '../../i18n/message.js';

type Row = Record<string, unknown>;

/** The conflict of a validation of an item validated already (the sync push keeps it for the coil report). */
export class TallyConflictError extends ConflictError {}

/** What makes a validation: who and when. */
const WHO_AND_WHEN = ['validation_prompter_identifier', 'validation_datetime'];

async function validatedBy(db: Kysely<unknown>, existing: Row): Promise<Message> {
  const id = existing.validation_prompter_identifier;
  const user =
    typeof id === 'string'
      ? (await sql<{ username: string }>`select username from users where id = ${id}`.execute(db)).rows[0]
      : undefined;
  const at = existing.validation_datetime;
  const who = user?.username ?? say('sync.another_prompter');
  return typeof at === 'string' ? say('sync.validated_at', { who, at }) : say('sync.validated', { who });
}

/** Throws the conflict when an update of `existing` to `values` (fields `changed`) validates it again. */
export async function validateOnce(
  db: Kysely<unknown>,
  resource: Resource,
  existing: Row,
  values: Row,
  changed: string[],
) {
  if (resource.name !== 'packing-list' || existing.validated !== true || values.validated !== true) return;
  if (changed.some((name) => WHO_AND_WHEN.includes(name)))
    throw new TallyConflictError(await validatedBy(db, existing));
}
