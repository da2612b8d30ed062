// The domain's validation messages (src/domain/messages.ts: a name and its values, carried as a code) as
// the server's keyed messages, worded in the request's language from en.ts/es.ts under the keys
// src/domain/message-keys.ts gives their names. Any other text (a refusal the server words itself) is kept
// as it is.
import { CATALOGUE_KEYS, ITEM_KEY } from '../../src/domain/message-keys.js';
import { type MessageName, readSaid, type Said } from '../../src/domain/messages.js';
import type { MessageKey } from './en.js';
import { fieldName, say, type Text } from './message.js';

/** Each a key of the catalogue (a key en.ts lacks fails the typecheck here). */
const KEYS: Record<Exclude<MessageName, 'item'>, MessageKey> = CATALOGUE_KEYS;

/** The messages whose `field` is a field of the record's `resource`: said by its label. */
const OF_A_FIELD: ReadonlySet<MessageName> = new Set(['notBefore', 'after', 'notLess']);

function keyed({ name, values }: Said): Text {
  if (OF_A_FIELD.has(name))
    return say(KEYS[name as Exclude<MessageName, 'item'>], {
      field: fieldName(String(values.resource ?? ''), String(values.field ?? '')),
    });
  if (name !== 'item') return say(KEYS[name], values);
  const inner = String(values.message ?? '');
  return say(ITEM_KEY, { index: values.index ?? '', message: domainMessage(inner) });
}

/** A domain message's code as the server's message; other text as it is. */
export function domainMessage(text: string): Text {
  const found = readSaid(text);
  return found ? keyed(found) : text;
}
