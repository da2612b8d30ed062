// Outbox entries as an older release stored them, read in today's shape: a read-time upgrade (Dexie's
// reading hook, db.ts), so every screen and the push see one shape, and the stored entry stays as it was
// until it is written again (a retry, an answer).

import { messages } from '../domain/messages';
import type { OutboxEntry } from './schema';

/**
 * The server's refusal of a link to a record it does not have (record.no_pk), as a release before the
 * push's keys stored it: the sentence of the push's language, English or Spanish. Read back into the
 * domain message's code, so the screens word it in the language of the moment ('Validation hand: the record
 * chosen is not on the server (any more).'). The one sentence read, and only in an entry stored then;
 * today's entries hold the code (src/sync/push.ts).
 */
const OLD_NO_RECORD =
  /^(?:Invalid pk "([^"]*)" - object does not exist|Clave "([^"]*)" no válida: el objeto no existe)\.$/;

function upgradeText(text: string): string {
  const found = OLD_NO_RECORD.exec(text);
  return found ? messages.noRecord(found[1] ?? found[2] ?? '') : text;
}

/** An entry in today's shape: an older release's words for a field's refusal as their code. */
export function readEntry(entry: OutboxEntry | undefined): OutboxEntry | undefined {
  if (!entry?.errors) return entry;
  const errors = Object.entries(entry.errors).map(([field, texts]): [string, string[]] => [
    field,
    field === 'non_field_errors' ? texts : texts.map(upgradeText),
  ]);
  return { ...entry, errors: Object.fromEntries(errors) };
}
