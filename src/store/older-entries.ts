// Outbox entries as an older release stored them, rewritten in today's shape once, when the database
// opens (db.ts): every screen and the push then read one shape, and no read pays for an upgrade. Only the
// entries the server refused can hold an older release's words, so only they are looked at.
import type { Dexie } from 'dexie';
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

/** An entry in today's shape (an older release's words for a field's refusal as their code); null when it is. */
function upgradeEntry(entry: OutboxEntry): OutboxEntry | null {
  if (!entry.errors) return null;
  let changed = false;
  const errors = Object.entries(entry.errors).map(([field, texts]): [string, string[]] => {
    if (field === 'non_field_errors') return [field, texts];
    const upgraded = texts.map(upgradeText);
    changed ||= upgraded.some((text, index) => text !== texts[index]);
    return [field, upgraded];
  });
  return changed ? { ...entry, errors: Object.fromEntries(errors) } : null;
}

/**
 * Rewrites the refused entries an older release stored in today's shape. Run as the database opens; a
 * failure leaves them as they were (their words shown as they came), never the database unopened.
 */
export async function upgradeOlderEntries(db: Dexie): Promise<void> {
  const outbox = db.table<OutboxEntry, string>('outbox');
  const refused = await outbox.where('state').equals('needs_attention').toArray();
  const older = refused.flatMap((entry) => upgradeEntry(entry) ?? []);
  if (older.length > 0) await outbox.bulkPut(older);
}
